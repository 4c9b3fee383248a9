// BatchQueue / Batch / BufferPool: events written into their batch as they are accepted, framed as
// the adapters send them, bounded by count, buffers reused only once released.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Batch, BatchQueue, BufferPool } from './batch.js';
import { eventJsonBytes, type EventJson } from './serialize.js';

const head = (s: string): EventJson => ({ head: s, sent: undefined });

test('a queue of JSON lines: batches of batchSize, oldest first, refusing when full', () => {
  const q = new BatchQueue(3, 2, { frame: { after: '\n' } });
  assert.equal(q.push(head('{"a":1}')) && q.push(head('{"b":2}')) && q.push(head('{"c":3}')), true);
  assert.equal(q.push(head('{"d":4}')), false);
  assert.equal(q.length, 3);
  const first = q.take();
  assert.equal(first?.events, 2);
  assert.equal(first?.contents().toString(), '{"a":1}\n{"b":2}\n');
  assert.equal(q.length, 1);
  assert.equal(q.push(head('{"e":5}')), true, 'room again once a batch is taken');
  assert.equal(q.take()?.contents().toString(), '{"c":3}\n{"e":5}\n');
  assert.equal(q.take(), undefined);
  assert.equal(q.push(head('{}')), true);
  assert.equal(q.clear(), 1);
  assert.equal(q.length, 0);
  assert.throws(() => new BatchQueue(0, 1), RangeError);
});

test('a queue of JSON arrays: `[` opens a batch, `,` separates, the sender closes it', () => {
  const q = new BatchQueue(10, 3, { frame: { open: '[', separator: ',' } });
  for (const s of ['1', '2', '3', '4']) q.push(head(s));
  const batch = q.take();
  batch?.text(']');
  assert.deepEqual(JSON.parse(batch?.contents().toString() ?? ''), [1, 2, 3]);
  assert.equal(q.take()?.contents().toString(), '[4');
});

test('a released buffer serves the next batch; an unreleased one is never handed out twice', () => {
  const pool = new BufferPool(1, 16);
  const a = new Batch(pool);
  a.text('x'.repeat(5000)); // grows past the pool's 16 bytes, beyond Node's shared slab
  const grown = a.contents().buffer;
  const b = new Batch(pool);
  b.text('y');
  assert.notEqual(b.contents().buffer, grown, 'a is still in use');
  a.release();
  const c = new Batch(pool);
  c.text('z');
  assert.equal(c.contents().buffer, grown, 'reused after release');
  assert.equal(c.contents().toString(), 'z');
  assert.equal(new Batch(pool).contents().length, 0);
});

const eventArb = fc.record({
  head: fc.string({ unit: 'binary', maxLength: 300 }),
  sent: fc.option(fc.uint8Array({ maxLength: 2000 }), { nil: undefined }),
});

test('property: taken batches hold exactly the framed bytes of their events, in order', () => {
  fc.assert(
    fc.property(
      fc.array(eventArb, { maxLength: 40 }),
      fc.integer({ min: 1, max: 7 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 120 }),
      (events, batchSize, array, batchBytes) => {
        const frame = array ? { open: '[', separator: ',' } : { after: '\n' };
        const q = new BatchQueue(1000, batchSize, { frame, batchBytes, pool: new BufferPool(2, 8) });
        const jsons = events.map((e) => ({ head: e.head, sent: e.sent && Buffer.from(e.sent) }));
        jsons.forEach((j) => assert.equal(q.push(j), true));
        const got: Buffer[] = [];
        for (let batch = q.take(); batch !== undefined; batch = q.take()) {
          assert.ok(batch.events >= 1 && batch.events <= batchSize);
          if (array) batch.text(']');
          got.push(Buffer.from(batch.contents()));
          batch.release();
        }
        // A batch takes the next event while it holds fewer than batchSize events and batchBytes bytes.
        const groups: EventJson[][] = [];
        let bytes = 0;
        for (const j of jsons) {
          const last = groups[groups.length - 1];
          const one = eventJsonBytes(j).length + 1; // with its separator or newline
          if (last === undefined || last.length >= batchSize || bytes >= batchBytes) {
            groups.push([j]);
            bytes = one; // "[" and the event, or the event and its newline
          } else {
            last.push(j);
            bytes += one;
          }
        }
        const want: Buffer[] = [];
        for (const group of groups) {
          const parts = group.map((j) => eventJsonBytes(j));
          want.push(
            array
              ? Buffer.concat([
                  Buffer.from('['),
                  ...parts.flatMap((p, k) => (k ? [Buffer.from(','), p] : [p])),
                  Buffer.from(']'),
                ])
              : Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')])),
          );
        }
        assert.deepEqual(got, want);
      },
    ),
    { numRuns: 300 },
  );
});
