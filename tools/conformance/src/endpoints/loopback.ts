// Loopback HTTP servers the endpoint harness points the real app at (README §2.3–2.4): mock bidders,
// the currency-rate service and the cache stub. Each records the bodies it received.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface LoopbackServer {
  /** Base URL, `http://127.0.0.1:<port>`. */
  url: string;
  /** Raw request bodies in arrival order. */
  received: string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startLoopback(
  answer: (method: string, url: string, body: string) => LoopbackAnswer,
): Promise<LoopbackServer> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        received.push(body);
        const a = answer(req.method ?? 'GET', req.url ?? '/', body);
        if (a.status === 204) {
          res.writeHead(204).end();
          return;
        }
        res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/json' }).end(a.body);
      },
      () => res.writeHead(500).end(),
    );
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Mock bidder behaviour of README §2.4 for one configured mock. */
export interface MockBidderSpec {
  bidderName: string;
  currency: string;
  price: number;
  dealid?: string;
  seat?: string;
}

export function mockBidderAnswer(spec: MockBidderSpec, body: string): LoopbackAnswer {
  let request: { id?: unknown; imp?: Array<{ id?: unknown; ext?: Record<string, unknown> }> };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return { status: 400, body: 'Malformed request body', contentType: 'text/plain' };
  }
  const imp0 = request.imp?.[0];
  if (!imp0 || typeof imp0.ext !== 'object' || imp0.ext === null || !('bidder' in imp0.ext))
    return { status: 400, body: 'This request is not meant for this bidder', contentType: 'text/plain' };
  const bid: Record<string, unknown> = { id: `${spec.bidderName}-bid`, impid: imp0.id, price: spec.price };
  if (spec.dealid) bid['dealid'] = spec.dealid;
  const seatbid: Record<string, unknown> = { bid: [bid] };
  if (spec.seat) seatbid['seat'] = spec.seat;
  return {
    status: 200,
    body: JSON.stringify({ id: request.id, cur: spec.currency, seatbid: [seatbid] }),
  };
}

/** Prebid-Cache stub: every put succeeds; the n-th value of a batch gets id "n". */
export function cacheStubAnswer(body: string): LoopbackAnswer {
  let puts: unknown[] = [];
  try {
    const doc = JSON.parse(body) as { puts?: unknown };
    if (Array.isArray(doc.puts)) puts = doc.puts;
  } catch {
    return { status: 400, body: 'bad cache request', contentType: 'text/plain' };
  }
  return { status: 200, body: JSON.stringify({ responses: puts.map((_, i) => ({ uuid: String(i) })) }) };
}
