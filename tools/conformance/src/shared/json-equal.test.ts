import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDiff, jsonEqual } from './json-equal.js';

test('key order is ignored, array order is not, numbers compare by value', () => {
  assert.ok(jsonEqual({ a: 1, b: [1, 2] }, JSON.parse('{"b":[1,2.0],"a":1.00}')));
  assert.ok(!jsonEqual([1, 2], [2, 1]));
  assert.ok(!jsonEqual({ a: 1 }, { a: '1' }));
});

test('differences name their path', () => {
  assert.equal(jsonDiff({ a: { b: [1, 2] } }, { a: { b: [1, 3] } }), '$.a.b[1]: expected 2, got 3');
  assert.equal(jsonDiff({ a: 1 }, { a: 1, c: true }), '$.c: unexpected true');
  assert.equal(jsonDiff({ a: 1, c: 2 }, { a: 1 }), '$.c: missing, expected 2');
  assert.match(jsonDiff([1], [1, 2]) ?? '', /expected 1 elements, got 2/);
  assert.equal(jsonDiff(null, null), undefined);
});
