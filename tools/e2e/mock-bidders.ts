// Local stand-ins for everything outside Gavel that a Prebid.js page reaches: OpenRTB 2.5 bidders
// (POST /bid/<name>), their user-sync pixels (GET /sync/<name> → 302 to Gavel's /setuid) and the IAB
// vendor list host (GET /gvl/v<spec>/vendor-list-v<n>.json). One server on 127.0.0.1; every bidder
// request is recorded with the headers it came with.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { gvlDocument } from './tcf.js';

export const VAST = [
  '<VAST version="3.0"><Ad id="e2e-video"><InLine><AdSystem>e2e</AdSystem><AdTitle>Gavel e2e</AdTitle>',
  '<Impression><![CDATA[http://127.0.0.1/imp]]></Impression><Creatives><Creative id="c1"><Linear>',
  '<Duration>00:00:15</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640"',
  ' height="480"><![CDATA[http://127.0.0.1/video.mp4]]></MediaFile></MediaFiles></Linear></Creative>',
  '</Creatives></InLine></Ad></VAST>',
].join('');

export const BANNER_ADM = (bidder: string) =>
  `<div id="gavel-e2e-creative" style="width:300px;height:250px;background:#1d6fa5;color:#fff;` +
  `font:bold 28px sans-serif;display:flex;align-items:center;justify-content:center">` +
  `Gavel e2e · ${bidder}</div>`;

/** Every mock bid's price; Gavel and Prebid.js see 2.00 USD. */
export const BID_PRICE_USD = 2;

export interface OrtbImp {
  id: string;
  banner?: unknown;
  video?: unknown;
  native?: { request?: string };
  bidfloor?: number;
  bidfloorcur?: string;
  ext?: Record<string, unknown>;
}

export interface OrtbRequest {
  id: string;
  imp: OrtbImp[];
  cur?: string[];
  user?: { buyeruid?: string; ext?: Record<string, unknown> };
  regs?: Record<string, unknown>;
  ext?: Record<string, unknown>;
}

export interface RecordedBid {
  bidder: string;
  headers: IncomingMessage['headers'];
  body: OrtbRequest;
}

export interface MockBidders {
  origin: string;
  /** Bidder requests since the last clear(). */
  requests: RecordedBid[];
  /** Sync pixels hit since the last clear(), by bidder. */
  syncs: string[];
  /** Vendor-list paths fetched. */
  gvlFetches: string[];
  /** The uid each bidder's sync endpoint hands to /setuid. */
  uidOf(bidder: string): string;
  clear(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A native response filling the request's title and image assets. */
function nativeAdm(imp: OrtbImp, bidder: string): string {
  const request = JSON.parse(imp.native?.request ?? '{}') as {
    assets?: { id: number; title?: unknown; img?: unknown }[];
  };
  const assets = (request.assets ?? []).map((a) => {
    if (a.title) return { id: a.id, title: { text: `Gavel native by ${bidder}` } };
    return { id: a.id, img: { url: 'http://127.0.0.1/native.png', w: 300, h: 250 } };
  });
  return JSON.stringify({ ver: '1.2', assets, link: { url: 'http://127.0.0.1/click' } });
}

function bidOn(imp: OrtbImp, o: { bidder: string; price: number; seq: number }) {
  const common = {
    id: `${o.bidder}-${o.seq}-${imp.id}`,
    impid: imp.id,
    price: o.price,
    crid: `cr-${o.bidder}`,
  };
  const adomain = ['advertiser.example'];
  if (imp.video) return Object.assign(common, { mtype: 2, adm: VAST, w: 640, h: 480, adomain });
  if (imp.native) return Object.assign(common, { mtype: 4, adm: nativeAdm(imp, o.bidder), adomain });
  return Object.assign(common, { mtype: 1, adm: BANNER_ADM(o.bidder), w: 300, h: 250, adomain });
}

const uidOf = (bidder: string) => `uid-${bidder}-e2e`;

interface MockState {
  requests: RecordedBid[];
  syncs: string[];
  gvlFetches: string[];
  seq: number;
}

async function onBid(state: MockState, bidder: string, req: IncomingMessage, res: ServerResponse) {
  let raw = await readBody(req);
  if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
  const body = JSON.parse(raw.toString('utf8')) as OrtbRequest;
  state.requests.push({ bidder, headers: req.headers, body });
  state.seq += 1;
  const bids = body.imp.map((imp) => bidOn(imp, { bidder, price: BID_PRICE_USD, seq: state.seq }));
  const answer = JSON.stringify({ id: body.id, cur: 'USD', seatbid: [{ seat: bidder, bid: bids }] });
  res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
}

function route(state: MockState, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [, kind, name] = url.pathname.split('/');
  if (kind === 'bid' && name && req.method === 'POST') {
    onBid(state, name, req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
  } else if (kind === 'sync' && name) {
    // The bidder's sync pixel: straight back to Gavel's /setuid with this bidder's uid.
    state.syncs.push(name);
    const redirect = url.searchParams.get('r') ?? '';
    res.writeHead(302, { location: redirect.replace('$UID', uidOf(name)) }).end();
  } else if (kind === 'gvl') {
    state.gvlFetches.push(url.pathname);
    const version = /vendor-list-v(\d+)\.json$/.exec(url.pathname)?.[1];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(gvlDocument(Number(version ?? 1))));
  } else {
    res.writeHead(404).end();
  }
}

export async function startMockBidders(): Promise<MockBidders> {
  const state: MockState = { requests: [], syncs: [], gvlFetches: [], seq: 0 };
  const server = createServer((req, res) => route(state, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: state.requests,
    syncs: state.syncs,
    gvlFetches: state.gvlFetches,
    uidOf,
    clear: () => {
      state.requests.length = 0;
      state.syncs.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
