import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { flatOf } from './arrays.js';

test('flatOf gives what flatMap gives, skipping what the pick leaves out', () => {
  fc.assert(
    fc.property(fc.array(fc.option(fc.array(fc.integer()), { nil: undefined })), (lists) => {
      const items = lists.map((list, i) => ({ i, list }));
      assert.deepEqual(
        flatOf(items, (item) => item.list),
        items.flatMap((item) => item.list ?? []),
      );
    }),
  );
});

test('flatOf returns a new array and leaves the picked ones as they were', () => {
  const a = [1, 2];
  const b = [3];
  const out = flatOf([a, b], (x) => x);
  assert.deepEqual(out, [1, 2, 3]);
  out.push(4);
  assert.deepEqual(a, [1, 2]);
  assert.deepEqual(b, [3]);
});
