// Mock OpenRTB 2.5 bidders for `npm run bench`, in their own process: one port per bidder (each a
// separate origin, as real bidders are). The path sets the behaviour: /bid?delay=MS answers after
// MS ms; 1 request in 5 is a no-bid (204); a bid carries a ~1.5 KB creative, as real bidders' do.
// Prints `PORTS p1,p2,...` once listening.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';

const count = Number(process.argv[2] ?? 8);
const NO_BID_EVERY = 5;
const creative = `<div class="ad"><a href="https://click.example/c?id=%%ID%%"><img src="https://cdn.example/${'x'.repeat(
  1300,
)}.png" width="300" height="250"></a></div>`;

function startBidder(index) {
  let seq = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      seq += 1;
      const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
      const answer = () => {
        if (seq % NO_BID_EVERY === index % NO_BID_EVERY) {
          res.writeHead(204).end();
          return;
        }
        const request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const bids = (request.imp ?? []).map((imp, i) => ({
          id: `${index}-${seq}-${i}`,
          impid: imp.id,
          // Prices vary per bidder and request so that winners change: 0.50–2.49 USD.
          price: 0.5 + ((seq * 7 + index * 13 + i * 3) % 200) / 100,
          adm: creative,
          adomain: ['advertiser.example'],
          crid: `creative-${index}-${i}`,
          w: 300,
          h: 250,
          mtype: 1,
          ext: { dsp: `dsp-${index}` },
        }));
        const body = JSON.stringify({
          id: request.id,
          cur: 'USD',
          seatbid: [{ seat: `seat${index}`, bid: bids }],
        });
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
