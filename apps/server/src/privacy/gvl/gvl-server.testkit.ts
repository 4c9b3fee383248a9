// Test kit: a local vendor-list host on 127.0.0.1 (never the internet) that serves generated lists,
// counts requests per path, and can answer 500, bad JSON, or nothing at all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'ok' | 'error' | 'bad-json' | 'hang';

export interface GvlVendorSpec {
  purposes?: number[];
  legIntPurposes?: number[];
  flexiblePurposes?: number[];
  specialFeatures?: number[];
}

/** An IAB-shaped list document with only the fields we parse plus a few we ignore. */
export function gvlDocument(
  spec: number,
  version: number,
  vendors: Record<number, GvlVendorSpec> = { 1: { purposes: [1, 2] } },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, v] of Object.entries(vendors)) {
    out[id] = {
      id: Number(id),
      name: `vendor ${id}`,
      purposes: v.purposes ?? [],
      legIntPurposes: v.legIntPurposes ?? [],
      flexiblePurposes: v.flexiblePurposes ?? [],
      specialPurposes: [1],
      features: [],
      specialFeatures: v.specialFeatures ?? [],
    };
  }
  return { gvlSpecificationVersion: spec, vendorListVersion: version, tcfPolicyVersion: 4, vendors: out };
}

export interface GvlServer {
  urlTemplate: string;
  latestUrlTemplate: string;
  /** Requests per path. */
  hits: Map<string, number>;
  total(): number;
  /** Behaviour of every request from now on. */
  behave(b: Behaviour): void;
  /** Delay before answering, in ms. */
  delay(ms: number): void;
  /** The list served as the newest one. */
  latestVersion(spec: number, version: number): void;
  close(): Promise<void>;
}

const ARCHIVE = /^\/v(\d+)\/archives\/vendor-list-v(\d+)\.json$/;
const LATEST = /^\/v(\d+)\/vendor-list\.json$/;

export async function startGvlServer(): Promise<GvlServer> {
  const hits = new Map<string, number>();
  const latest = new Map<number, number>();
  let behaviour: Behaviour = 'ok';
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (behaviour === 'hang') return;
    const archive = ARCHIVE.exec(path);
    const newest = LATEST.exec(path);
    const spec = Number(archive?.[1] ?? newest?.[1]);
    const version = archive ? Number(archive[2]) : latest.get(spec);
    setTimeout(() => {
      if (behaviour === 'error' || version === undefined) {
        res.writeHead(500).end('no');
      } else if (behaviour === 'bad-json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"vendorListVersion": 3, "vend');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(gvlDocument(spec, version)));
      }
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urlTemplate: `${base}/v{specVersion}/archives/vendor-list-v{listVersion}.json`,
    latestUrlTemplate: `${base}/v{specVersion}/vendor-list.json`,
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    behave: (b) => {
      behaviour = b;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    latestVersion: (spec, version) => {
      latest.set(spec, version);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
