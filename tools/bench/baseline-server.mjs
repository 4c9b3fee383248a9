// The bare baseline of `npm run bench`: the lower bound of an auction in Node. Parses the request,
// POSTs it to each bidder named in imp[].ext.prebid.bidder over keep-alive (undici Pool per origin),
// keeps the highest bid per imp and replies. No validation, no targeting, no cache, no metrics.
// argv[2]: JSON {bidderName: endpointUrl}. Prints `PORT n` once listening.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { Pool } from 'undici';

const endpoints = JSON.parse(process.argv[2] ?? '{}');
const pools = new Map();
for (const url of Object.values(endpoints)) {
  const origin = new URL(url).origin;
  if (!pools.has(origin)) pools.set(origin, new Pool(origin, { connections: 64, keepAliveTimeout: 30_000 }));
}

async function callBidder(name, request, imps, signal) {
  const url = new URL(endpoints[name]);
  // Shallow copy with a rewritten imp array: what a minimal fan-out must do per bidder.
  const body = JSON.stringify({ ...request, imp: imps });
  const res = await pools.get(url.origin).request({
    method: 'POST',
    path: url.pathname + url.search,
    headers: { 'content-type': 'application/json' },
    body,
    signal,
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    return [];
  }
  const parsed = await res.body.json();
  return (parsed.seatbid ?? []).flatMap((s) => s.bid ?? []).map((bid) => ({ seat: name, bid }));
}

async function auction(request) {
  const perBidder = new Map();
  for (const imp of request.imp ?? []) {
    const bidders = imp.ext?.prebid?.bidder ?? {};
    for (const name of Object.keys(bidders)) {
      if (!endpoints[name]) continue;
      const list = perBidder.get(name) ?? [];
      list.push({ ...imp, ext: { bidder: bidders[name] } });
      perBidder.set(name, list);
    }
  }
  const signal = globalThis.AbortSignal.timeout(request.tmax ?? 1000);
  const settled = await Promise.allSettled(
    [...perBidder].map(([name, imps]) => callBidder(name, request, imps, signal)),
  );
  // Highest bid per imp, compared in integer micros (never binary floats).
  const best = new Map();
  for (const s of settled) {
    if (s.status !== 'fulfilled') continue;
    for (const b of s.value) {
      const micros = Math.round(b.bid.price * 1e6);
      const cur = best.get(b.bid.impid);
      if (!cur || micros > cur.micros) best.set(b.bid.impid, { ...b, micros });
    }
  }
  const seats = new Map();
  for (const { seat, bid } of best.values()) seats.set(seat, [...(seats.get(seat) ?? []), bid]);
  return { id: request.id, cur: 'USD', seatbid: [...seats].map(([seat, bid]) => ({ seat, bid })) };
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let request;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end('Invalid request: bad JSON\n');
      return;
    }
    auction(request).then(
      (out) => {
        const body = JSON.stringify(out);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      () => res.writeHead(500).end(),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${server.address().port}\n`));
// A normal exit on SIGTERM, so that `profile.mjs --baseline` gets its --cpu-prof file written.
process.on('SIGTERM', () => process.exit(0));
