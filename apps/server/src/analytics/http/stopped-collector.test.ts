// Issue 20 "Must show": analytics of 10,000 auctions against a stopped HTTP collector keep memory
// bounded and lose no auction response (record never throws or waits), and nothing is lost silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Registry } from 'prom-client';
import { createAnalytics } from '../dispatcher.js';
import { createDropCounter } from '../drops.js';
import { createHttpAdapter } from './http-adapter.js';
import { auctionEvent } from '../analytics.testkit.js';

// A full collection before each heap reading, so that the figures are what is retained.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const retainedHeap = (): number => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** An auction event carrying ~2 KB of its own (10,000 of them retained would be ~20 MB). */
const heavyEvent = (i: number) =>
  Object.assign(auctionEvent(i), { seatNonBid: [{ pad: 'x'.repeat(2048) + i }] });

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('10,000 auctions against a stopped collector: bounded queue, counted drops, bounded heap', async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const port = await closedPort();
    const registry = new Registry();
    const warnings: Record<string, unknown>[] = [];
    const logger = { warn: (o: Record<string, unknown>) => warnings.push(o) };
    const drops = createDropCounter({ registry, logger, warnEvery: 1000 });
    const http = createHttpAdapter({
      url: `http://127.0.0.1:${port}/collect`,
      queueSize: 500,
      batchSize: 50,
      batchIntervalMs: 5,
      maxRetries: 2,
      retryInitialMs: 5,
      timeoutMs: 1000,
      onDrop: drops.sinkFor('http'),
    });
    const analytics = createAnalytics({ adapters: [http], drops, logger });

    const heapBefore = retainedHeap();
    let answered = 0;
    let maxQueued = 0;
    for (let i = 0; i < 10_000; i++) {
      analytics.record(heavyEvent(i)); // as an endpoint would, after answering
      answered++;
      if (i % 100 === 99) {
        maxQueued = Math.max(maxQueued, http.queued());
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const heapGrowth = retainedHeap() - heapBefore; // the adapter still holds its queue here
    await analytics.close();

    assert.equal(answered, 10_000);
    assert.ok(maxQueued <= 500, `queue bounded (${maxQueued})`);
    // Nothing reached the collector, and every event is accounted for as a drop.
    assert.equal(analytics.dropped('http'), 10_000);
    const text = await registry.metrics();
    assert.match(text, /gavel_analytics_dropped_total\{adapter="http",reason="queue_full"\} \d+/);
    assert.match(text, /gavel_analytics_dropped_total\{adapter="http",reason="send_failed"\} \d+/);
    // Warnings are rate-limited: the first drop, then one per 1000.
    assert.ok(warnings.length >= 1 && warnings.length <= 11, `${warnings.length} warnings`);
    // Loose: the queue holds at most 500 events (~1 MB); all 10,000 would be over 20 MB.
    assert.ok(heapGrowth < 8 * 1024 * 1024, `heap grew ${Math.round(heapGrowth / 1024)} KB`);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(rejections, []);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
