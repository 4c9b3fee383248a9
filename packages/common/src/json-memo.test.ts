import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonMemo, jsonFingerprint, jsonTape, matchesTape } from './json-memo.js';

const reparsed = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;
/** `value` matches the tape of `kept`. */
const sameJson = (value: unknown, kept: unknown): boolean => matchesTape(value, jsonTape(kept));

test('a tape match is "JSON.stringify gives the same text" for parsed JSON values', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
      const [x, y] = [reparsed(a), reparsed(b)];
      assert.equal(sameJson(x, y), JSON.stringify(x) === JSON.stringify(y));
      assert.equal(sameJson(x, reparsed(x)), true);
    }),
    { numRuns: 2000 },
  );
});

test('tapes: key order, array length, types and members that JSON would drop all count', () => {
  assert.equal(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 }), false, 'key order is part of the text');
  assert.equal(sameJson([1, 2], [1, 2, 3]), false);
  assert.equal(sameJson({ a: [] }, { a: {} }), false);
  assert.equal(sameJson({ a: '1' }, { a: 1 }), false);
  assert.equal(sameJson({ a: 1, b: undefined }, { a: 1 }), false, 'stricter than the text: never kept');
  assert.equal(sameJson({ a: null }, { a: null }), true);
});

test('the fingerprint reads only the first nodes: a difference deep in a large value is compared, not fingerprinted', () => {
  const big = (last: number) => ({
    v: 1,
    values: Object.fromEntries([...Array(60).keys()].map((i) => [`k${i}`, i === 59 ? last : i])),
  });
  assert.equal(jsonFingerprint(big(1)), jsonFingerprint(big(2)));
  assert.notEqual(jsonFingerprint({ v: 1 }), jsonFingerprint({ v: 2 }));
});

test('kept: computes once per content and scope, from a copy, and applies keep only to copies', () => {
  const calls: unknown[] = [];
  const memo = new JsonMemo<{ n: number }>({ maxEntries: 10, maxChars: 10_000, keep: Object.freeze });
  const compute = (v: unknown) => {
    calls.push(v);
    return { n: calls.length };
  };
  const value = { model: 'm', values: { a: 1 } };
  const first = memo.kept(value, 'p', compute);
  assert.notEqual(calls[0], value, 'computed from a copy');
  assert.deepEqual(calls[0], value);
  assert.ok(Object.isFrozen(first));
  assert.equal(memo.kept(reparsed(value), 'p', compute), first, 'same content: kept result');
  assert.equal(calls.length, 1);
  assert.notEqual(memo.kept(value, 'q', compute), first, 'another scope: computed again');
  assert.notEqual(memo.kept({ model: 'm', values: { a: 2 } }, 'p', compute), first, 'other content');
  assert.equal(calls.length, 3);
});

test('kept: a value that is not JSON is computed as it is, every time, and keep is not applied', () => {
  const memo = new JsonMemo<object>({ maxEntries: 10, maxChars: 10_000, keep: Object.freeze });
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic['self'] = cyclic;
  const seen: unknown[] = [];
  const out = memo.kept(cyclic, '', (v) => (seen.push(v), {}));
  assert.equal(seen[0], cyclic);
  assert.equal(Object.isFrozen(out), false);
  const withUndefined = { a: 1, b: undefined };
  memo.kept(withUndefined, '', (v) => (seen.push(v), {}));
  memo.kept(withUndefined, '', (v) => (seen.push(v), {}));
  assert.equal(seen.length, 3, 'a value JSON would change is never kept');
});

test('kept: bounded per bucket, in entries and in characters', () => {
  let calls = 0;
  const compute = () => ++calls;
  const perBucket = new JsonMemo<number>({ maxEntries: 100, maxChars: 100_000, perBucket: 2 });
  // Same fingerprint (the difference is past the first 24 nodes): one bucket of at most 2.
  const v = (last: number) => ({
    values: Object.fromEntries([...Array(40).keys()].map((i) => [`k${i}`, i === 39 ? last : 0])),
  });
  for (const n of [1, 2, 3]) perBucket.kept(v(n), '', compute);
  assert.equal(calls, 3);
  perBucket.kept(v(3), '', compute);
  perBucket.kept(v(2), '', compute);
  assert.equal(calls, 3, 'the two newest are kept');
  perBucket.kept(v(1), '', compute);
  assert.equal(calls, 4, 'the oldest went');

  calls = 0;
  const small = new JsonMemo<number>({ maxEntries: 2, maxChars: 100_000 });
  for (const n of [1, 2, 3, 1]) small.kept({ n }, '', compute);
  assert.equal(calls, 4, 'starts over past maxEntries');
  const chars = new JsonMemo<number>({ maxEntries: 100, maxChars: 100_000, maxValueChars: 20 });
  calls = 0;
  chars.kept({ text: 'a long string past twenty' }, '', compute);
  chars.kept({ text: 'a long string past twenty' }, '', compute);
  assert.equal(calls, 2, 'a value over maxValueChars is never kept');
});

test('kept: values alternating in one scope are each computed once; an evicted one is computed again', () => {
  let calls = 0;
  const compute = (v: unknown) => (calls++, JSON.stringify(v));
  const memo = new JsonMemo<string>({ maxEntries: 100, maxChars: 100_000, perBucket: 1 });
  const full = { floormin: 0.01, data: { values: { a: 1, b: 2 } } };
  const gate = { floormin: 0.01, enforcement: { enforcepbs: true } };
  for (let i = 0; i < 5; i++) {
    assert.equal(memo.kept(reparsed(full), 'ext.prebid.floors', compute), JSON.stringify(full));
    assert.equal(memo.kept(reparsed(gate), 'ext.prebid.floors', compute), JSON.stringify(gate));
  }
  assert.equal(calls, 2);
  // Same fingerprint as `v(1)` (the difference is past its first nodes), one entry per bucket: v(2)
  // drops v(1), which must not answer from the recent entries either.
  const v = (last: number) => ({
    values: Object.fromEntries([...Array(40).keys()].map((i) => [`k${i}`, i === 39 ? last : 0])),
  });
  memo.kept(v(1), 's', compute);
  memo.kept(v(2), 's', compute);
  assert.equal(memo.kept(v(1), 's', compute), JSON.stringify(v(1)));
  assert.equal(calls, 5);
});

test('kept: property — the result is always compute of the same JSON', () => {
  const memo = new JsonMemo<string>({ maxEntries: 8, maxChars: 4_000, perBucket: 2 });
  fc.assert(
    fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 20 }), (values) => {
      for (const v of values) {
        const x = reparsed(v);
        assert.equal(
          memo.kept(x, 's', (c) => JSON.stringify(c)),
          JSON.stringify(x),
        );
      }
    }),
    { numRuns: 500 },
  );
});

test('kept: a value nested too deeply to walk is computed, never kept, and never throws', () => {
  let deep: unknown = 1;
  for (let i = 0; i < 20_000; i++) deep = [deep];
  const memo = new JsonMemo<number>({ maxEntries: 10, maxChars: 10_000_000 });
  let calls = 0;
  assert.equal(
    memo.kept(deep, '', () => ++calls),
    1,
  );
  assert.equal(
    memo.kept(deep, '', () => ++calls),
    2,
  );
});

test('tapes: a JSON `__proto__` key is an own key; inherited keys are never on a tape and never match', () => {
  const proto = JSON.parse('{"__proto__":{"a":1},"b":2}') as unknown;
  assert.equal(sameJson(JSON.parse('{"__proto__":{"a":1},"b":2}'), proto), true);
  assert.equal(sameJson(JSON.parse('{"__proto__":{"a":2},"b":2}'), proto), false);
  const inherited = Object.assign(Object.create({ extra: 1 }) as object, { b: 2 });
  assert.equal(sameJson(inherited, { b: 2 }), false, 'an inherited key: no match');
  assert.equal(sameJson({ b: 2 }, inherited), true, 'the tape has own keys only');
});
