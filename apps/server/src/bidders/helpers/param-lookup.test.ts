// Case-insensitive param lookup, as upstream's decoder matches fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paramIgnoringCase } from './param-lookup.js';

test('the exact key wins, else a key differing only in case', () => {
  assert.equal(paramIgnoringCase({ cId: 'a', cid: 'b' }, 'cId'), 'a');
  assert.equal(paramIgnoringCase({ cid: 'b' }, 'cId'), 'b');
  assert.equal(paramIgnoringCase({ CID: 'c' }, 'cId'), 'c');
  assert.equal(paramIgnoringCase({ other: 'x' }, 'cId'), undefined);
});
