// RFC 7386 merge patch: the RFC's appendix examples and the no-mutation guarantee.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyMergePatch } from './merge-patch.js';

const rfcExamples: [unknown, unknown, unknown][] = [
  [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
  [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
  [{ a: 'b' }, { a: null }, {}],
  [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
  [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
  [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
  [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
  [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
  [
    ['a', 'b'],
    ['c', 'd'],
    ['c', 'd'],
  ],
  [{ a: 'b' }, ['c'], ['c']],
  [{ a: 'foo' }, null, null],
  [{ a: 'foo' }, 'bar', 'bar'],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [[1, 2], { a: 'b', c: null }, { a: 'b' }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

test('RFC 7386 appendix A examples', () => {
  for (const [target, patch, expected] of rfcExamples) {
    assert.deepEqual(applyMergePatch(target, patch), expected, JSON.stringify({ target, patch }));
  }
});

test('neither input is mutated', () => {
  const target = { ext: { prebid: { aliases: { a: 'appnexus' } } }, imp: [{ id: '1' }] };
  const patch = { ext: { prebid: { aliases: { b: 'rubicon' }, debug: null } } };
  const t0 = JSON.stringify(target);
  const p0 = JSON.stringify(patch);
  const out = applyMergePatch(target, patch);
  assert.deepEqual(out, {
    ext: { prebid: { aliases: { a: 'appnexus', b: 'rubicon' } } },
    imp: [{ id: '1' }],
  });
  assert.equal(JSON.stringify(target), t0);
  assert.equal(JSON.stringify(patch), p0);
});

test('a "__proto__" key in stored JSON is a plain key, never the prototype', () => {
  const target = JSON.parse('{"a": 1}') as unknown;
  const patch = JSON.parse('{"__proto__": {"polluted": true}, "b": null, "c": 2}') as unknown;
  const out = applyMergePatch(target, patch) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(out['polluted'], undefined);
  assert.equal(JSON.stringify(out), '{"a":1,"__proto__":{"polluted":true},"c":2}');
});
