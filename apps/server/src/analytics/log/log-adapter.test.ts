import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogAdapter } from './log-adapter.js';
import { auctionEvent, createFakeTimers, tick } from '../analytics.testkit.js';
import type { DropReason } from '../types.js';

function dropLog(): { sink: (n: number, r: DropReason) => void; by: Partial<Record<DropReason, number>> } {
  const by: Partial<Record<DropReason, number>> = {};
  return { by, sink: (n, r) => void (by[r] = (by[r] ?? 0) + n) };
}

test('appends one JSON line per event to the file, in order, across batches', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-analytics-'));
  try {
    const file = join(dir, 'analytics.log');
    writeFileSync(file, '{"kept":true}\n');
    const log = createLogAdapter({ file, batchSize: 2 });
    for (let i = 0; i < 5; i++) assert.equal(log.accept(auctionEvent(i)), true);
    log.accept({ kind: 'setuid', status: 200, errors: [], bidder: 'appnexus', uid: 'u', success: true });
    await log.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 7);
    assert.deepEqual(JSON.parse(lines[0]!), { kept: true });
    assert.deepEqual(
      lines.slice(1, 6).map((l) => (JSON.parse(l) as { request: { id: string } }).request.id),
      ['req-0', 'req-1', 'req-2', 'req-3', 'req-4'],
    );
    assert.deepEqual(JSON.parse(lines[1]!), JSON.parse(JSON.stringify(auctionEvent(0))));
    assert.equal((JSON.parse(lines[6]!) as { kind: string }).kind, 'setuid');
    assert.equal(log.accept(auctionEvent()), false); // closed
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a batch is written when full, a partial one after the flush interval, everything at idle()', async () => {
  const writes: string[][] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      writes.push(
        chunk
          .toString()
          .trimEnd()
          .split('\n')
          .map((l) => (JSON.parse(l) as { request: { id: string } }).request.id),
      );
      cb();
    },
  });
  const timers = createFakeTimers();
  const log = createLogAdapter({ stream: sink, batchSize: 3, flushIntervalMs: 250, timers });
  log.accept(auctionEvent(0));
  log.accept(auctionEvent(1));
  await tick();
  assert.deepEqual(writes, [], 'a partial batch waits');
  assert.deepEqual(timers.scheduled, [250]);
  log.accept(auctionEvent(2)); // full: written at once, the flush timer cancelled
  log.accept(auctionEvent(3));
  await tick();
  assert.deepEqual(writes, [['req-0', 'req-1', 'req-2']]);
  timers.advance(249);
  await tick();
  assert.equal(writes.length, 1);
  timers.advance(1);
  await tick();
  assert.deepEqual(writes[1], ['req-3'], 'the partial batch, once due');
  log.accept(auctionEvent(4));
  await log.idle();
  assert.deepEqual(writes[2], ['req-4'], 'idle() does not wait for the interval');
  assert.equal(timers.pending(), 0);
  await log.close();
});

test('a batch that reaches batchBytes is written at once, whatever its event count', async () => {
  const writes: number[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      writes.push(chunk.toString().trimEnd().split('\n').length);
      cb();
    },
  });
  const timers = createFakeTimers();
  const oneEvent = JSON.stringify(auctionEvent(0)).length + 1;
  const log = createLogAdapter({
    stream: sink,
    batchSize: 100,
    batchBytes: 2 * oneEvent,
    flushIntervalMs: 250,
    timers,
  });
  log.accept(auctionEvent(0));
  await tick();
  assert.deepEqual(writes, [], 'under the byte bound: waits for the interval');
  log.accept(auctionEvent(1)); // two events' bytes: full
  log.accept(auctionEvent(2));
  await tick();
  assert.deepEqual(writes, [2]);
  await log.idle();
  assert.deepEqual(writes, [2, 1]);
  await log.close();
});

test('a file that cannot be opened throws at creation', () => {
  assert.throws(() => createLogAdapter({ file: '/nonexistent-dir/x/analytics.log' }), /ENOENT/);
});

test('backpressure: while the stream does not drain, the bounded queue fills and drops', async () => {
  const writes: string[] = [];
  let release: (() => void) | undefined;
  let flowing = false;
  const stuck = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _enc, cb) {
      writes.push(chunk.toString());
      if (flowing) cb();
      else release = cb; // the first write completes only when the test says so
    },
  });
  const drops = dropLog();
  const log = createLogAdapter({ stream: stuck, queueSize: 10, batchSize: 5, onDrop: drops.sink });
  let accepted = 0;
  const offer = (n: number) => {
    for (let i = 0; i < n; i++) if (log.accept(auctionEvent(i))) accepted++;
  };
  offer(100);
  assert.equal(accepted, 10);
  await tick();
  await tick();
  // One batch of 5 went to the stream, which reported backpressure: room for 5 more, no more writes.
  offer(100);
  await tick();
  assert.equal(accepted, 15);
  assert.equal(writes.length, 1);
  flowing = true;
  release?.();
  await log.idle();
  await tick();
  assert.equal(writes.join('').trimEnd().split('\n').length, 15);
  assert.equal(drops.by.queue_full, undefined); // refusals are counted by the dispatcher
});

test('a stream error stops the adapter: queued events counted as write_error, later ones refused', async () => {
  const warnings: Record<string, unknown>[] = [];
  const failing = new Writable({
    write(_chunk, _enc, cb) {
      cb(new Error('disk full'));
    },
  });
  const drops = dropLog();
  const log = createLogAdapter({
    stream: failing,
    batchSize: 1,
    onDrop: drops.sink,
    logger: { warn: (o) => warnings.push(o) },
  });
  for (let i = 0; i < 4; i++) log.accept(auctionEvent(i));
  await log.idle();
  await tick();
  assert.equal(log.accept(auctionEvent()), false);
  assert.ok((drops.by.write_error ?? 0) >= 1);
  assert.equal(warnings.length, 1);
  assert.equal(warnings[0]!['err'], 'disk full');
  await log.close();
});

test('an event that cannot be serialised is dropped alone', async () => {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out += chunk.toString();
      cb();
    },
  });
  const drops = dropLog();
  const log = createLogAdapter({ stream: sink, onDrop: drops.sink });
  const bad = auctionEvent(1);
  bad.hookOutcomes = { n: 1n };
  log.accept(auctionEvent(0));
  log.accept(bad);
  log.accept(auctionEvent(2));
  await log.close(); // a stream it did not open is not ended
  assert.equal(out.trimEnd().split('\n').length, 2);
  assert.equal(drops.by.serialize_error, 1);
  assert.equal(sink.writableEnded, false);
});
