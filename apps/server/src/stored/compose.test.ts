import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstOf } from './first-of.js';
import { withCache } from './with-cache.js';
import { createMemorySource } from './memory-source.js';
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

test('withCache: hits skip the source, misses are asked again, invalidate drops ids or a kind', async () => {
  const mem = createMemorySource({ imp: { a: '{"n":1}', b: '{"n":2}' } });
  const cached = withCache(mem, { maxEntries: 10, ttlMs: 60_000 });
  await cached.fetch('imp', ['a', 'b', 'zz']);
  assert.equal(mem.calls, 1);
  const again = await cached.fetch('imp', ['a', 'b']);
  assert.equal(mem.calls, 1);
  assert.equal(again.found.size, 2);
  await cached.fetch('imp', ['zz']);
  assert.equal(mem.calls, 2, 'not-found ids are not cached');
  cached.invalidate?.('imp', ['a']);
  await cached.fetch('imp', ['a', 'b']);
  assert.equal(mem.calls, 3);
  cached.invalidate?.('imp');
  assert.equal(cached.stats().size, 0);
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
