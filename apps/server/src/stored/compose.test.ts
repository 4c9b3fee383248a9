import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstOf } from './first-of.js';
import { withCache } from './with-cache.js';
import { createMemorySource, type MemoryTables } from './memory-source.js';
import { unavailable, type StoredSource } from './types.js';

const down: StoredSource = {
  fetch: async (kind, ids) => ({ found: new Map(), errors: ids.map((id) => unavailable(kind, id, 'down')) }),
};

test('firstOf: asks the next source only for what is still missing; broken JSON is final', async () => {
  const a = createMemorySource({ request: { r1: '{"id":"a1"}', broken: '{' } });
  const b = createMemorySource({ request: { r1: '{"id":"b1"}', r2: '{"id":"b2"}', broken: '{"id":"b"}' } });
  const both = firstOf([a, b]);
  const r = await both.fetch('request', ['r1', 'r2', 'r3', 'broken']);
  assert.deepEqual(r.found.get('r1'), { id: 'a1' });
  assert.deepEqual(r.found.get('r2'), { id: 'b2' });
  assert.deepEqual(
    r.errors.map((e) => [e.id, e.reason]),
    [
      ['broken', 'invalid-json'],
      ['r3', 'not-found'],
    ],
  );
});

test('firstOf: an unavailable source is reported when no later source has the id', async () => {
  const r = await firstOf([down, createMemorySource({})]).fetch('imp', ['x']);
  assert.deepEqual(
    r.errors.map((e) => e.reason),
    ['unavailable'],
  );
  const none = await firstOf([]).fetch('imp', ['y']);
  assert.deepEqual(
    none.errors.map((e) => e.reason),
    ['not-found'],
  );
});

test('withCache: hits skip the source, misses are asked again without a negative TTL, invalidate drops ids or a kind', async () => {
  const mem = createMemorySource({ imp: { a: '{"n":1}', b: '{"n":2}' } });
  const cached = withCache(mem, { maxEntries: 10, ttlMs: 60_000 });
  await cached.fetch('imp', ['a', 'b', 'zz']);
  assert.equal(mem.calls, 1);
  const again = await cached.fetch('imp', ['a', 'b']);
  assert.equal(mem.calls, 1);
  assert.equal(again.found.size, 2);
  await cached.fetch('imp', ['zz']);
  assert.equal(mem.calls, 2, 'notFoundTtlMs omitted (0): not-found ids are asked again');
  cached.invalidate?.('imp', ['a']);
  await cached.fetch('imp', ['a', 'b']);
  assert.equal(mem.calls, 3);
  cached.invalidate?.('imp');
  assert.equal(cached.stats().size, 0);
});

test('withCache: a not-found id is remembered for the negative TTL, per kind; other errors are not', async () => {
  const tables: MemoryTables & { imp: Record<string, string> } = { imp: { a: '{"n":1}', broken: '{' } };
  const mem = createMemorySource(tables);
  const cached = withCache(mem, { maxEntries: 10, ttlMs: 60_000, notFoundTtlMs: 60_000 });
  const first = await cached.fetch('imp', ['a', 'zz', 'broken']);
  assert.deepEqual(
    first.errors.map((e) => [e.id, e.reason]),
    [
      ['zz', 'not-found'],
      ['broken', 'invalid-json'],
    ],
  );
  const second = await cached.fetch('imp', ['a', 'zz']);
  assert.equal(mem.calls, 1, 'the miss is answered from the negative cache');
  assert.deepEqual(
    second.errors.map((e) => [e.kind, e.id, e.reason]),
    [['imp', 'zz', 'not-found']],
  );
  assert.equal(second.found.size, 1);
  await cached.fetch('imp', ['broken']);
  assert.equal(mem.calls, 2, 'broken JSON is asked again (its detail is reported every time)');
  await cached.fetch('request', ['zz']);
  assert.equal(mem.calls, 3, 'the negative entry belongs to its kind');
  assert.deepEqual(
    { negativeHits: cached.stats().negativeHits, negativeSize: cached.stats().negativeSize },
    { negativeHits: 1, negativeSize: 2 },
  );

  // A row added later is seen at once after invalidation of its id, or of its whole kind.
  tables.imp.zz = '{"n":26}';
  assert.equal((await cached.fetch('imp', ['zz'])).found.size, 0, 'still cached as not found');
  cached.invalidate?.('imp', ['zz']);
  assert.deepEqual((await cached.fetch('imp', ['zz'])).found.get('zz'), { n: 26 });
  await cached.fetch('request', ['r9']);
  tables.request = { r9: '{"id":"r9"}' };
  cached.invalidate?.('request');
  assert.equal(cached.stats().negativeSize, 0);
  assert.deepEqual((await cached.fetch('request', ['r9'])).found.get('r9'), { id: 'r9' });
});

test('withCache: an unavailable source is asked again; a negative entry expires after its TTL', async () => {
  const unavailableCached = withCache(down, { maxEntries: 10, ttlMs: 60_000, notFoundTtlMs: 60_000 });
  await unavailableCached.fetch('account', ['acc']);
  assert.equal(unavailableCached.stats().negativeSize, 0, 'an outage is not a verdict');

  const tables: Record<string, string> = {};
  const mem = createMemorySource({ account: tables });
  const cached = withCache(mem, { maxEntries: 10, ttlMs: 60_000, notFoundTtlMs: 20 });
  await cached.fetch('account', ['acc']);
  tables.acc = '{"disabled":false}';
  assert.equal((await cached.fetch('account', ['acc'])).found.size, 0);
  assert.equal(mem.calls, 1);
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual((await cached.fetch('account', ['acc'])).found.get('acc'), { disabled: false });
  assert.equal(mem.calls, 2, 'visible after at most the negative TTL');
});

test('withCache: the negative cache is bounded by maxEntries and cannot evict found documents', async () => {
  const mem = createMemorySource({ account: { real: '{}' } });
  const cached = withCache(mem, { maxEntries: 2, ttlMs: 60_000, notFoundTtlMs: 60_000 });
  await cached.fetch('account', ['real']);
  for (let i = 0; i < 5; i++) await cached.fetch('account', [`unknown-${i}`]);
  assert.equal(cached.stats().negativeSize, 2);
  const calls = mem.calls;
  await cached.fetch('account', ['real']);
  assert.equal(mem.calls, calls, 'the found document is still cached');
});

test('withCache: a lookup racing an invalidation does not cache what it read', async () => {
  const tables: Record<string, string> = {};
  const mem = createMemorySource({ account: tables });
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const slow: StoredSource = {
    fetch: async (kind, ids) => {
      const r = await mem.fetch(kind, ids);
      await gate;
      return r;
    },
  };
  const cached = withCache(slow, { maxEntries: 10, ttlMs: 60_000, notFoundTtlMs: 60_000 });
  const pending = cached.fetch('account', ['acc']);
  await new Promise((r) => setImmediate(r));
  tables.acc = '{}';
  cached.invalidate?.('account', ['acc']);
  release();
  assert.equal((await pending).found.size, 0);
  assert.equal(cached.stats().negativeSize, 0);
  assert.ok((await cached.fetch('account', ['acc'])).found.has('acc'));
});

test('withCache: bounded (LRU) and expiring (TTL)', async () => {
  const mem = createMemorySource({ imp: { a: '1', b: '2', c: '3' } });
  const cached = withCache(mem, { maxEntries: 2, ttlMs: 20 });
  await cached.fetch('imp', ['a', 'b', 'c']);
  assert.equal(cached.stats().size, 2);
  await new Promise((r) => setTimeout(r, 40));
  const calls = mem.calls;
  await cached.fetch('imp', ['b', 'c']);
  assert.equal(mem.calls, calls + 1, 'expired entries are fetched again');
});

test('withCache: found documents are bounded by maxEntries (least recently used evicted)', async () => {
  const mem = createMemorySource({ imp: { a: '{}', b: '{}', c: '{}' } });
  const cached = withCache(mem, { maxEntries: 2, ttlMs: 60_000 });
  await cached.fetch('imp', ['a']);
  await cached.fetch('imp', ['b']);
  await cached.fetch('imp', ['c']);
  assert.equal(cached.stats().size, 2);
  const calls = mem.calls;
  await cached.fetch('imp', ['b', 'c']);
  assert.equal(mem.calls, calls, 'the two most recent stay cached');
  await cached.fetch('imp', ['a']);
  assert.equal(mem.calls, calls + 1, 'the oldest was evicted');
});
