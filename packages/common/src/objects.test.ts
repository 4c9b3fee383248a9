import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyForWrite, omitKeys, withProps } from './objects.js';

test('withProps: the spread result, key order included', () => {
  const base = { a: 1, b: { c: 2 }, d: 'x' };
  const out = withProps(base, { d: 'y', e: 3 });
  assert.deepEqual(out, { ...base, d: 'y', e: 3 });
  assert.deepEqual(Object.keys(out), ['a', 'b', 'd', 'e']);
  assert.equal(out.b, base.b, 'shallow');
  assert.deepEqual(base, { a: 1, b: { c: 2 }, d: 'x' }, 'base untouched');
});

test('withProps: absent base gives a copy of extra', () => {
  assert.deepEqual(withProps(undefined, { x: 1 }), { x: 1 });
  assert.deepEqual(withProps(null, { x: 1 }), { x: 1 });
});

test('an own __proto__ key from JSON stays a plain key and never changes the prototype', () => {
  const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
  const out = withProps(parsed, { b: 2 }) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(out['polluted'], undefined);
  assert.equal(JSON.stringify(out), '{"__proto__":{"polluted":true},"a":1,"b":2}');
  const copy = copyForWrite(parsed);
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.equal(JSON.stringify(copy), '{"__proto__":{"polluted":true},"a":1}');
});

test('copyForWrite: a shallow copy that can be extended without touching the original', () => {
  const base = { a: 1, nested: { b: 2 } };
  const copy = copyForWrite(base) as typeof base & { c?: number };
  copy.c = 3;
  assert.deepEqual(base, { a: 1, nested: { b: 2 } });
  assert.equal(copy.nested, base.nested);
  assert.deepEqual(copyForWrite(undefined), {});
});

test('omitKeys: the copy without the keys, order kept, original untouched', () => {
  const base = { a: 1, b: 2, c: 3 };
  const out = omitKeys(base, ['b']);
  assert.deepEqual(Object.keys(out), ['a', 'c']);
  assert.deepEqual(base, { a: 1, b: 2, c: 3 });
  const parsed = JSON.parse('{"__proto__": {"x": 1}, "a": 1, "b": 2}') as Record<string, unknown>;
  const copy = omitKeys(parsed, ['b']);
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.equal(JSON.stringify(copy), '{"__proto__":{"x":1},"a":1}');
});

test('withProps with several extras: one flat copy, later extras win, absent ones skipped', () => {
  const out = withProps({ a: 1, b: 1 }, { b: 2, c: 2 }, { c: 3 }, { d: 4 });
  assert.deepEqual(out, { a: 1, b: 2, c: 3, d: 4 });
  assert.deepEqual(Object.keys(out), ['a', 'b', 'c', 'd']);
  assert.deepEqual(withProps(undefined, {}, { x: 1 }), { x: 1 });
});
