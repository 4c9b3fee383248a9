// The typed imp-ext view: unknown keys dropped, prebid/bidder always present, ae only when set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bidderImpExtView } from './bidder-imp-ext.js';

test('keeps prebid, bidder and a set ae; drops the rest', () => {
  const ext = { prebid: { a: 1 }, bidder: { b: 2 }, ae: 1, gpid: 'x' };
  assert.deepEqual(bidderImpExtView(ext), { prebid: { a: 1 }, bidder: { b: 2 }, ae: 1 });
  assert.deepEqual(ext.gpid, 'x', 'input untouched');
});

test('absent prebid and bidder are written as null; a zero ae is left out', () => {
  assert.deepEqual(bidderImpExtView({ ae: 0 }), { prebid: null, bidder: null });
});
