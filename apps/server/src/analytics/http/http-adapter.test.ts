import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHttpAdapter, type HttpAdapterOptions } from './http-adapter.js';
import type { HttpPost } from './transport.js';
import {
  auctionEvent,
  createFakeTimers,
  startCollector,
  tick,
  type FakeTimers,
} from '../analytics.testkit.js';
import type { DropReason } from '../types.js';

interface Call {
  body: unknown[];
  signal: AbortSignal;
  resolve(status: number): void;
  reject(err: Error): void;
}

/** A transport whose calls the test answers one by one. */
function fakePost(): { post: HttpPost; calls: Call[] } {
  const calls: Call[] = [];
  const post: HttpPost = (body, signal) =>
    new Promise((resolve, reject) => {
      calls.push({
        body: JSON.parse(body.toString('utf8')) as unknown[],
        signal,
        resolve: (statusCode) => resolve({ statusCode }),
        reject,
      });
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  return { post, calls };
}

function setup(o: Partial<HttpAdapterOptions> = {}) {
  const timers: FakeTimers = createFakeTimers();
  const { post, calls } = fakePost();
  const drops: Partial<Record<DropReason, number>> = {};
  const adapter = createHttpAdapter({
    url: 'http://collector.invalid/',
    timers,
    post,
    random: () => 0,
    batchSize: 3,
    batchIntervalMs: 1000,
    retryInitialMs: 100,
    timeoutMs: 2000,
    onDrop: (n, r) => void (drops[r] = (drops[r] ?? 0) + n),
    ...o,
  });
  return { adapter, timers, calls, drops };
}

const ids = (call: Call | undefined) =>
  (call?.body as { request: { id: string } }[]).map((e) => e.request.id);

test('a full batch is sent at once; a partial one after batch-interval-ms', async () => {
  const { adapter, timers, calls } = setup();
  for (let i = 0; i < 4; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  assert.deepEqual(ids(calls[0]), ['req-0', 'req-1', 'req-2']);
  calls[0]!.resolve(200);
  await tick();
  timers.advance(999);
  assert.equal(calls.length, 1);
  timers.advance(1);
  assert.deepEqual(ids(calls[1]), ['req-3']);
  calls[1]!.resolve(204);
  await adapter.idle();
  assert.equal(timers.pending(), 0);
});

test('a batch whose body reaches batch-bytes is sent at once, before batch-size events', async () => {
  const oneEvent = JSON.stringify(auctionEvent(0)).length + 1;
  const { adapter, timers, calls } = setup({ batchSize: 100, batchBytes: 2 * oneEvent });
  adapter.accept(auctionEvent(0));
  adapter.accept(auctionEvent(1));
  adapter.accept(auctionEvent(2));
  timers.advance(0);
  assert.deepEqual(ids(calls[0]), ['req-0', 'req-1']);
  calls[0]!.resolve(200);
  await tick();
  timers.advance(1000);
  assert.deepEqual(ids(calls[1]), ['req-2']);
  calls[1]!.resolve(200);
  await adapter.idle();
});

test('failures are retried with exponential back-off, then the batch is dropped', async () => {
  const { adapter, timers, calls, drops } = setup({ maxRetries: 3 });
  for (let i = 0; i < 3; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  // random() = 0: each delay is half of 100, 200, 400 ms.
  const delays = [50, 100, 200];
  for (const [n, delay] of delays.entries()) {
    if (n % 2 === 0) calls[n]!.reject(new Error('ECONNREFUSED'));
    else calls[n]!.resolve(503);
    await tick();
    timers.advance(delay - 1);
    assert.equal(calls.length, n + 1, `no retry before ${delay} ms`);
    timers.advance(1);
    assert.equal(calls.length, n + 2);
    assert.deepEqual(calls[n + 1]!.body, calls[0]!.body);
  }
  calls[3]!.resolve(429);
  await tick();
  assert.equal(drops.send_failed, 3);
  await adapter.idle();
  timers.advance(60_000);
  assert.equal(calls.length, 4);
});

test('back-off is capped by retry-max-ms and jittered between 50 and 100 %', async () => {
  const { adapter, timers, calls } = setup({ maxRetries: 10, retryMaxMs: 300, random: () => 0.999 });
  for (let i = 0; i < 3; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  for (let n = 0; n < 4; n++) {
    calls[n]!.resolve(500);
    await tick();
    const before = timers.scheduled.length;
    timers.advance(300);
    assert.ok(timers.scheduled.length > before);
  }
  // 100, 200, then 300 (the cap) twice: all just under the full delay.
  const backoffs = timers.scheduled.filter((ms) => ![0, 1000, 2000].includes(ms));
  assert.deepEqual(
    backoffs.map((ms) => Math.round(ms)),
    [100, 200, 300, 300],
  );
});

test('a 4xx other than 429 is not retried', async () => {
  const { adapter, timers, calls, drops } = setup();
  for (let i = 0; i < 3; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  calls[0]!.resolve(400);
  await adapter.idle();
  timers.advance(10_000);
  assert.equal(calls.length, 1);
  assert.equal(drops.send_failed, 3);
});

test('a collector that does not answer: the attempt is aborted after timeout-ms and retried', async () => {
  const { adapter, timers, calls } = setup({ timeoutMs: 700 });
  for (let i = 0; i < 3; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  timers.advance(699);
  assert.equal(calls[0]!.signal.aborted, false);
  timers.advance(1);
  assert.equal(calls[0]!.signal.aborted, true);
  await tick();
  timers.advance(50);
  assert.equal(calls.length, 2);
});

test('while a batch is in flight the queue holds queue-size events and refuses the rest', () => {
  const { adapter, timers, calls } = setup({ queueSize: 5, batchSize: 2 });
  let accepted = 0;
  for (let i = 0; i < 3; i++) if (adapter.accept(auctionEvent(i))) accepted++;
  timers.advance(0);
  assert.equal(calls.length, 1);
  for (let i = 3; i < 50; i++) if (adapter.accept(auctionEvent(i))) accepted++;
  assert.equal(accepted, 3 + 4);
  assert.equal(adapter.queued(), 5);
});

test('up to max-in-flight batches are posted at once; the next one waits for a slot', async () => {
  const { adapter, timers, calls } = setup({ batchSize: 1, maxInFlight: 2 });
  for (let i = 0; i < 5; i++) adapter.accept(auctionEvent(i));
  timers.advance(0);
  assert.deepEqual(calls.map(ids), [['req-0'], ['req-1']]);
  calls[1]!.resolve(200);
  await tick();
  timers.advance(0);
  assert.deepEqual(calls.map(ids).slice(2), [['req-2']], 'one slot freed, one batch sent');
  assert.equal(adapter.queued(), 2);
  calls[0]!.resolve(200);
  calls[2]!.resolve(200);
  await tick();
  timers.advance(0);
  assert.deepEqual(calls.map(ids).slice(3), [['req-3'], ['req-4']]);
  calls[3]!.resolve(200);
  calls[4]!.resolve(200);
  await adapter.idle();
  assert.equal(timers.pending(), 0);
});

test('a batch waiting for its retry keeps its slot', async () => {
  const { adapter, timers, calls } = setup({ batchSize: 1, maxInFlight: 1 });
  adapter.accept(auctionEvent(0));
  timers.advance(0);
  calls[0]!.resolve(503);
  await tick();
  adapter.accept(auctionEvent(1));
  timers.advance(0);
  assert.equal(calls.length, 1, 'the slot is the retrying batch’s');
  timers.advance(100);
  assert.deepEqual(ids(calls[1]), ['req-0']);
  calls[1]!.resolve(200);
  await tick();
  timers.advance(0);
  assert.deepEqual(ids(calls[2]), ['req-1']);
  calls[2]!.resolve(200);
  await adapter.idle();
});

test('close gives every batch waiting for a retry one last try at once', async () => {
  const { adapter, timers, calls, drops } = setup({ batchSize: 1, maxInFlight: 2 });
  adapter.accept(auctionEvent(0));
  adapter.accept(auctionEvent(1));
  timers.advance(0);
  calls[0]!.resolve(500);
  calls[1]!.resolve(500);
  await tick();
  const closed = adapter.close();
  assert.deepEqual(calls.slice(2).map(ids), [['req-0'], ['req-1']]);
  calls[2]!.resolve(200);
  calls[3]!.resolve(500);
  await closed;
  assert.equal(drops.send_failed, 1, 'no retry after the last try');
});

test('against a real collector: JSON arrays, headers, and close flushes the partial batch', async () => {
  const collector = await startCollector();
  try {
    const adapter = createHttpAdapter({
      url: collector.url,
      batchSize: 2,
      batchIntervalMs: 60_000,
      headers: { 'X-Api-Key': 'k1' },
    });
    for (let i = 0; i < 5; i++) assert.equal(adapter.accept(auctionEvent(i)), true);
    await adapter.close();
    assert.equal(adapter.accept(auctionEvent()), false);
    const received = collector.batches.map((b) =>
      (b as { request: { id: string } }[]).map((e) => e.request.id),
    );
    assert.deepEqual(received, [['req-0', 'req-1'], ['req-2', 'req-3'], ['req-4']]);
    assert.equal(collector.headers[0]!['content-type'], 'application/json');
    assert.equal(collector.headers[0]!['x-api-key'], 'k1');
    assert.deepEqual(collector.batches[0]![0], JSON.parse(JSON.stringify(auctionEvent(0))));
  } finally {
    await collector.close();
  }
});

test('against a real collector answering 503, then 200: the batch arrives once', async () => {
  const collector = await startCollector();
  try {
    collector.status = 503;
    const adapter = createHttpAdapter({
      url: collector.url,
      batchSize: 1,
      retryInitialMs: 20,
      maxRetries: 5,
    });
    adapter.accept(auctionEvent(7));
    while (collector.headers.length < 2) await new Promise((r) => setTimeout(r, 5));
    collector.status = 200;
    await adapter.idle();
    assert.equal(collector.batches.length, 1);
    await adapter.close();
  } finally {
    await collector.close();
  }
});
