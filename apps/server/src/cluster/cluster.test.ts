// Issue 23 over REAL workers: a cluster primary with 2 workers in a child process. /metrics answers
// for the whole server, and every admin action reaches every worker before it answers. Each check
// fails when one worker is skipped: connections alternate between the workers (round robin).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startServer, type RunningServer } from './cluster.testkit.js';

const dir = mkdtempSync(join(tmpdir(), 'gavel-cluster-data-'));
const ratesFile = join(dir, 'rates.json');
const storedResponse = (price: number) =>
  JSON.stringify([
    { seat: 'alpha', bid: [{ id: 'b', impid: 'x', price, crid: 'c', w: 300, h: 250, mtype: 1 }] },
  ]);
const rates = (gbp: number) => JSON.stringify({ conversions: { USD: { GBP: gbp } } });

let bidder: Server;
let server: RunningServer;

before(async () => {
  for (const sub of ['stored_responses', 'stored_imps', 'stored_requests', 'accounts'])
    mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'stored_responses', 'resp.json'), storedResponse(1.25));
  writeFileSync(ratesFile, rates(0.8));
  bidder = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => bidder.listen(0, '127.0.0.1', resolve));
  const bidderPort = (bidder.address() as { port: number }).port;
  server = await startServer(
    {
      settings: { files: { dir } },
      currency: { 'rates-url': '', 'rates-file': ratesFile, 'refresh-interval-seconds': 0 },
      privacy: { gdpr: { vendorlist: { enabled: false } } },
      'admin-actions': { 'timeout-ms': 1500 },
      bidders: {
        alpha: { endpoint: `http://127.0.0.1:${bidderPort}/bid`, capabilities: { site: ['banner'] } },
      },
    },
    2,
  );
});

after(async () => {
  await server?.stop();
  await new Promise((resolve) => bidder?.close(resolve));
});

const imp = (extra: Record<string, unknown> = {}) => ({
  id: 'imp-1',
  banner: { format: [{ w: 300, h: 250 }] },
  ext: { core: Object.assign({ bidder: { alpha: {} } }, extra) },
});

async function auction(body: unknown) {
  const res = await call(`${server.publicUrl}/openrtb2/auction`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(res.status, 200, res.body);
  return JSON.parse(res.body) as { seatbid?: { bid: { price: number }[] }[] };
}

const storedPrice = async () =>
  (
    await auction({
      id: 'r',
      site: { page: 'https://p.example/' },
      imp: [imp({ storedauctionresponse: { id: 'resp' } })],
    })
  ).seatbid?.[0]?.bid[0]?.price;

test('two workers are serving', () => {
  assert.equal(server.workerPids().length, 2, server.stderr());
});

test('/metrics on the admin port counts the requests of every worker, at every scrape', async () => {
  const n = 9;
  for (let i = 0; i < n; i++) assert.equal((await call(`${server.publicUrl}/version`)).status, 200);
  for (let scrape = 0; scrape < 4; scrape++) {
    const res = await call(`${server.adminUrl}/metrics`);
    assert.equal(res.status, 200, res.body);
    const m =
      /gavel_http_request_duration_seconds_count\{route="\/version",method="GET",status="200"\} (\d+)/.exec(
        res.body,
      );
    assert.equal(Number(m?.[1]), n, `scrape ${scrape}: ${m?.[0]}`);
    // A hand-written histogram's buckets are summed too: +Inf equals the count.
    assert.match(
      res.body,
      new RegExp(`_bucket\\{le="\\+Inf",route="/version",method="GET",status="200"\\} ${n}\\n`),
    );
  }
});

test('POST /stored/invalidate reaches every worker before it answers', async () => {
  // Every worker caches the stored response...
  for (let i = 0; i < 4; i++) assert.equal(await storedPrice(), 1.25);
  writeFileSync(join(dir, 'stored_responses', 'resp.json'), storedResponse(2.5));
  for (let i = 0; i < 4; i++) assert.equal(await storedPrice(), 1.25, 'still cached');
  const inv = await call(`${server.adminUrl}/stored/invalidate`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'response', ids: ['resp'] }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(inv.status, 200, inv.body);
  // ...and none of them serves the old copy afterwards.
  for (let i = 0; i < 6; i++) assert.equal(await storedPrice(), 2.5, `answer ${i}`);
});

test('POST /currency/rates/refresh reloads the rates in every worker', async () => {
  writeFileSync(ratesFile, rates(0.5));
  const res = await call(`${server.adminUrl}/currency/rates/refresh`, { method: 'POST' });
  assert.equal(res.status, 200, res.body);
  assert.equal(JSON.parse(res.body).workers, 2);
  for (let i = 0; i < 4; i++) {
    const view = JSON.parse((await call(`${server.adminUrl}/currency/rates`)).body);
    assert.deepEqual(view.info.rates, { USD: { GBP: 0.5 } }, `answer ${i}`);
  }
});

test('/logging/httpinteraction logs the next bidder calls in every worker', async () => {
  const res = await call(`${server.adminUrl}/logging/httpinteraction?bidder=alpha&limit=1`);
  assert.equal(res.status, 200, res.body);
  for (let i = 0; i < 4; i++)
    await auction({ id: `r${i}`, site: { page: 'https://p.example/' }, imp: [imp()] });
  // Workers write their lines asynchronously: wait for both (however busy the machine), then a
  // little longer for any line that should not be there.
  const interactions = () => server.lines().filter((l) => l['msg'] === 'http interaction');
  for (let i = 0; i < 250 && interactions().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 200));
  const logged = interactions();
  // limit=1 per worker: one line from each worker, then nothing.
  assert.equal(logged.length, 2, JSON.stringify(logged));
  assert.deepEqual(new Set(logged.map((l) => l['pid'])), new Set(server.workerPids()));
  assert.equal(logged[0]?.['bidder'], 'alpha');
  assert.equal(logged[0]?.['status'], 204);
  assert.match(String(logged[0]?.['requestBody']), /"imp"/);
});

test('/logging/changelevel changes the level in every worker', async () => {
  const armed = () => server.lines().filter((l) => l['msg'] === 'http interaction logging armed').length;
  const before = armed();
  assert.ok(before >= 2, 'arming logs at info in each worker (previous test)');
  const res = await call(`${server.adminUrl}/logging/changelevel?level=error&duration=60000`);
  assert.equal(res.status, 200, res.body);
  assert.equal(JSON.parse(res.body).workers, 2);
  // Each worker writes its line asynchronously: it may reach the pipe just after the answer.
  const changedPids = () =>
    new Set(
      server
        .lines()
        .filter((l) => l['msg'] === 'log level changed')
        .map((l) => l['pid']),
    );
  for (let i = 0; i < 100 && changedPids().size < server.workerPids().length; i++)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(changedPids(), new Set(server.workerPids()));
  // At `error`, no worker writes the info line of arming any more.
  const rearm = await call(`${server.adminUrl}/logging/httpinteraction?bidder=alpha&limit=1`);
  assert.equal(rearm.status, 200, rearm.body);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(armed(), before);
});

test('a worker that does not answer makes the action a 503 naming it', async () => {
  const [a, b] = server.workerPids();
  process.kill(b!, 'SIGSTOP');
  try {
    // Connections handed to the stopped worker hang: try until the live one answers.
    let answer;
    for (let i = 0; i < 4 && !answer; i++) {
      answer = await call(`${server.adminUrl}/logging/changelevel?level=info&duration=1000`, {
        timeoutMs: 4000,
      }).catch(() => undefined);
    }
    assert.ok(answer, 'the live worker answered');
    assert.equal(answer.status, 503, answer.body);
    assert.match(answer.body, new RegExp(`no answer from worker\\(s\\) ${b}`));
    assert.doesNotMatch(answer.body, new RegExp(String(a)));
  } finally {
    process.kill(b!, 'SIGCONT');
  }
});
