// Mock OpenRTB 2.5 bidders for `npm run bench`, in their own process: one port per bidder (each a
// separate origin, as real bidders are). The path sets the behaviour: /bid?delay=MS answers after
// MS ms; the answer is mock-answer.mjs's (1 call in 5 a no-bid, ~1.5 KB creatives).
// Prints `PORTS p1,p2,...` once listening.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { bidResponseBody, isNoBid } from './mock-answer.mjs';

const count = Number(process.argv[2] ?? 8);

function startBidder(index) {
  let seq = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seq += 1;
      const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
      const answer = () => {
        if (isNoBid(index, seq)) {
          res.writeHead(204).end();
          return;
        }
        const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const impIds = (request.imp ?? []).map((imp) => imp.id);
        const body = bidResponseBody({ requestId: request.id, impIds, index, seq });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      };
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

const ports = await Promise.all(Array.from({ length: count }, (_, i) => startBidder(i)));
process.stdout.write(`PORTS ${ports.join(',')}\n`);
