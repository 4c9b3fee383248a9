// Over real sockets (issue 4 "Must show"): three mock bidders on loopback — fast, slow past tmax,
// garbage — and a bidder declared only in a YAML config file taking part in an auction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createLogger, systemClock, randomIds } from '@gavel/common';
import { createApp } from '../src/app.js';
import { testConfig } from './harness.js';

interface Mock {
  server: Server;
  url: string;
}

async function mockBidder(
  handler: (body: string, reply: (status: number, text: string) => void) => void,
): Promise<Mock> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () =>
      handler(body, (status, text) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { server, url: `http://127.0.0.1:${port}/bid` };
}

function bidBody(body: string, price: number): string {
  const req = JSON.parse(body) as { id: string; imp: { id: string }[] };
  return JSON.stringify({
    id: req.id,
    cur: 'USD',
    seatbid: [{ bid: [{ id: 'b1', impid: req.imp[0]?.id, price, w: 300, h: 250, crid: 'c1', mtype: 1 }] }],
  });
}

const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

function auctionBody(bidders: string[], tmax: number) {
  return {
    id: 'sock-1',
    site: { page: 'https://pub.example/', publisher: { id: 'p1' } },
    imp: [
      {
        id: 'imp-1',
        banner: { format: [{ w: 300, h: 250 }] },
        ext: { core: { bidder: Object.fromEntries(bidders.map((b) => [b, {}])) } },
      },
    ],
    tmax,
  };
}

async function startServer(config: ReturnType<typeof testConfig>) {
  const app = await createApp(config, {
    logger: createLogger({ level: 'silent', name: 'socket-test' }),
    version: { version: 'test', revision: 'test' },
    clock: systemClock,
    ids: randomIds,
  });
  const address = await app.publicApp.listen({ host: '127.0.0.1', port: 0 });
  return { app, address };
}

test('fast, slow and garbage bidders: 200 within tmax + 50 ms, bids from the fast one, codes 1 and 3', async () => {
  const tmax = 300;
  const fast = await mockBidder((body, reply) => reply(200, bidBody(body, 1.25)));
  const slow = await mockBidder((body, reply) => setTimeout(() => reply(200, bidBody(body, 9)), tmax + 400));
  const garbage = await mockBidder((_body, reply) => reply(200, '<<<not json at all'));
  const caps = { site: ['banner'] };
  const config = testConfig({
    bidders: {
      fast: { endpoint: fast.url, capabilities: caps },
      slow: { endpoint: slow.url, capabilities: caps },
      garbage: { endpoint: garbage.url, capabilities: caps },
    },
    auction: { 'bidder-linger-ms': 100 },
  });
  const { app, address } = await startServer(config);
  try {
    // One warm-up auction so that module JIT and the first connection don't count against tmax.
    const warm = await request(`${address}/openrtb2/auction`, {
      method: 'POST',
      body: JSON.stringify(auctionBody(['fast'], tmax)),
    });
    await warm.body.text();
    const started = performance.now();
    const res = await request(`${address}/openrtb2/auction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(auctionBody(['fast', 'slow', 'garbage'], tmax)),
    });
    const text = await res.body.text();
    const elapsed = performance.now() - started;
    assert.equal(res.statusCode, 200, text);
    assert.ok(elapsed < tmax + 50, `answered after ${elapsed.toFixed(0)} ms`);
    const body = JSON.parse(text);
    assert.deepEqual(
      body.seatbid.map((s: { seat: string }) => s.seat),
      ['fast'],
    );
    assert.equal(body.seatbid[0].bid[0].price, 1.25);
    assert.equal(body.ext.errors.slow[0].code, 1);
    assert.equal(body.ext.errors.garbage[0].code, 3);
    assert.equal(body.ext.errors.fast, undefined);
  } finally {
    await app.publicApp.close();
    await app.closeResources();
    await Promise.all([fast, slow, garbage].map((m) => closeServer(m.server)));
  }
});

test('a bidder declared only in a YAML config file takes part in an auction', async () => {
  const bidder = await mockBidder((body, reply) => reply(200, bidBody(body, 0.5)));
  const dir = mkdtempSync(join(tmpdir(), 'gavel-config-'));
  const file = join(dir, 'server.yaml');
  writeFileSync(
    file,
    [
      'bidders:',
      '  filebidder:',
      `    endpoint: ${bidder.url}`,
      '    gvl-vendor-id: 42',
      '    capabilities:',
      '      site: [banner]',
      '',
    ].join('\n'),
  );
  const { app, address } = await startServer(testConfig({}, ['--config', file]));
  try {
    const info = await request(`${address}/info/bidders/filebidder`);
    assert.equal(info.statusCode, 200);
    assert.equal(((await info.body.json()) as { status: string }).status, 'ACTIVE');
    const res = await request(`${address}/openrtb2/auction`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(auctionBody(['filebidder'], 500)),
    });
    const body = (await res.body.json()) as { seatbid: { seat: string; bid: { price: number }[] }[] };
    assert.equal(res.statusCode, 200);
    assert.equal(body.seatbid[0]?.seat, 'filebidder');
    assert.equal(body.seatbid[0]?.bid[0]?.price, 0.5);
  } finally {
    await app.publicApp.close();
    await app.closeResources();
    await closeServer(bidder.server);
  }
});
