// Graceful shutdown with real processes (docs/operations.md "Shutdown"): the auction server drains
// auctions in flight at SIGTERM, refuses new connections meanwhile and exits 0 within
// `shutdown.drain-timeout-ms`; past that bound it cuts what remains. `npm start`
// (scripts/start-all.mjs) stops both services and their workers on SIGTERM.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  alive,
  answers200,
  call,
  descendants,
  freePort,
  refused,
  ROOT,
  startMockBidder,
  startProcess,
  startServerProcess,
  waitFor,
  writeConfig,
  type Child,
  type MockBidder,
} from './shutdown.testkit.js';

const started: Child[] = [];
const bidders: MockBidder[] = [];
after(async () => {
  for (const c of started) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const b of bidders) await b.close();
});

async function serverWithBidder(opts: { drainMs: number; bidderDelayMs: number }) {
  const bidder = await startMockBidder(opts.bidderDelayMs);
  bidders.push(bidder);
  const [port, adminPort] = [await freePort(), await freePort()];
  const server = startServerProcess(
    writeConfig({
      host: '127.0.0.1',
      port,
      admin: { port: adminPort },
      workers: 0,
      shutdown: { 'drain-timeout-ms': opts.drainMs },
      currency: { 'rates-url': '' },
      privacy: { gdpr: { vendorlist: { enabled: false } } },
      bidders: { alpha: { endpoint: bidder.url, capabilities: { site: ['banner'] } } },
    }),
  );
  started.push(server);
  await waitFor('the server', answers200(`http://127.0.0.1:${port}/status`));
  return { bidder, server, port, adminPort };
}

const auctionBody = (i: number) =>
  JSON.stringify({
    id: `r${i}`,
    tmax: 5000,
    site: { page: 'https://www.example.com/' },
    imp: [{ id: 'slot', banner: { format: [{ w: 300, h: 250 }] }, ext: { core: { bidder: { alpha: {} } } } }],
  });

const tenAuctions = (port: number) =>
  Array.from({ length: 10 }, (_, i) =>
    call(`http://127.0.0.1:${port}/openrtb2/auction`, { method: 'POST', body: auctionBody(i) }).then(
      (a) => a,
      (err: Error) => err,
    ),
  );

test('SIGTERM with 10 auctions in flight: all answer 200 with bids, new connections refused, exit 0 within the drain bound', async () => {
  const drainMs = 8000;
  const { bidder, server, port, adminPort } = await serverWithBidder({ drainMs, bidderDelayMs: 300 });
  const auctions = tenAuctions(port);
  await waitFor('10 bidder calls', () => bidder.received() === 10, 20000);
  const t0 = Date.now();
  server.child.kill('SIGTERM');
  // The bidder holds its answers until the ports refuse: the auctions are still in flight then.
  await waitFor('the public port to refuse', () => refused(port), 5000);
  assert.ok(await refused(adminPort), 'admin port still accepts');
  bidder.release();
  for (const a of await Promise.all(auctions)) {
    if (a instanceof Error) assert.fail(`auction failed: ${a.message}`);
    assert.equal(a.status, 200, a.body);
    const body = JSON.parse(a.body) as { seatbid?: { bid: { price: number }[] }[] };
    assert.equal(body.seatbid?.[0]?.bid[0]?.price, 1.5, a.body);
  }
  assert.equal(await server.exited, 0, server.output());
  const ms = Date.now() - t0;
  assert.ok(ms < drainMs, `exit took ${ms} ms (drain bound ${drainMs} ms)`);
});

test('an auction still running at the drain bound is cut and the process exits 0 right after it', async () => {
  const drainMs = 700;
  const { bidder, server, port } = await serverWithBidder({ drainMs, bidderDelayMs: 300 });
  const [auction] = tenAuctions(port).slice(0, 1);
  await waitFor('a bidder call', () => bidder.received() >= 1, 20000);
  const t0 = Date.now();
  server.child.kill('SIGTERM'); // the bidder is never released: its auction outlives the bound
  assert.equal(await server.exited, 0, server.output());
  const ms = Date.now() - t0;
  assert.ok(ms >= drainMs - 50 && ms < drainMs + 3000, `exit took ${ms} ms (drain bound ${drainMs} ms)`);
  const answer = await auction;
  assert.ok(answer instanceof Error || answer?.status !== 200, 'the cut auction answered 200');
  assert.match(server.output(), /drain deadline reached/);
});

// `npm start` runs the built services (apps/*/dist): CI builds before `npm test` (.ci/run); a
// checkout that was never built skips this test outside CI only.
const built = ['apps/server/dist/src/main.js', 'apps/cache/dist/src/main.js'].every((f) =>
  existsSync(join(ROOT, f)),
);
test(
  'npm start (scripts/start-all.mjs): SIGTERM stops both services and their workers, exit 0',
  { skip: !built && process.env['CI'] !== 'true' ? 'apps/*/dist absent: run `npm run build`' : false },
  async () => {
    const [port, adminPort, cachePort, cacheAdminPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const serverConfig = writeConfig({
      port,
      admin: { port: adminPort },
      workers: 1,
      currency: { 'rates-url': '' },
    });
    const cacheConfig = writeConfig({ port: cachePort, admin: { port: cacheAdminPort } });
    const all = startProcess([
      'scripts/start-all.mjs',
      '--config',
      serverConfig,
      '--cache-config',
      cacheConfig,
    ]);
    started.push(all);
    await waitFor('the server', answers200(`http://127.0.0.1:${port}/status`));
    await waitFor('the cache', answers200(`http://127.0.0.1:${cachePort}/status`));
    const pid = all.child.pid ?? 0;
    const family = descendants(pid);
    assert.ok(family.length >= 3, `expected cache, server primary and worker: ${family.join(',')}`);
    all.child.kill('SIGTERM');
    assert.equal(await all.exited, 0, all.output());
    await waitFor('every child to exit', () => family.every((p) => !alive(p)), 5000);
    for (const p of [port, adminPort, cachePort, cacheAdminPort])
      assert.ok(await refused(p), `port ${p} still open`);
  },
);

test(
  'the built server with workers 0 serves from its service thread and stops on SIGTERM with its last log line out',
  { skip: !built && process.env['CI'] !== 'true' ? 'apps/*/dist absent: run `npm run build`' : false },
  async () => {
    const bidder = await startMockBidder(0);
    bidders.push(bidder);
    const [port, adminPort] = [await freePort(), await freePort()];
    const server = startProcess([
      'apps/server/dist/src/main.js',
      '--config',
      writeConfig({
        host: '127.0.0.1',
        port,
        admin: { port: adminPort },
        workers: 0,
        currency: { 'rates-url': '' },
        privacy: { gdpr: { vendorlist: { enabled: false } } },
        bidders: { alpha: { endpoint: bidder.url, capabilities: { site: ['banner'] } } },
      }),
    ]);
    started.push(server);
    await waitFor('the server', answers200(`http://127.0.0.1:${port}/status`));
    const [auction] = tenAuctions(port).slice(0, 1);
    bidder.release();
    const answer = await auction;
    if (answer instanceof Error) assert.fail(`auction failed: ${answer.message}`);
    assert.equal(answer?.status, 200, answer?.body);
    server.child.kill('SIGTERM');
    assert.equal(await server.exited, 0, server.output());
    assert.match(server.output(), /"youngGenerationMb":192,"msg":"serving from a service thread"/);
    assert.match(server.output(), /"initialOldSpaceMb":128,"msg":"V8 initial old space set"/);
    assert.match(server.output(), /"msg":"stopped"/);
  },
);
