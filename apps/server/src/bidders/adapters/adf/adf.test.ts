// Adf: own fixtures through the shared runner; params schema examples; the adform alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, adform } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ mid: 123 }, { mid: '456', priceType: 'net' }, { inv: 1, mname: 'top' }],
  [{}, { mid: 'abc' }, { inv: 1 }, { mid: 1, priceType: 'list' }],
);
test('adform is a hard alias of adf with the same adapter', () => {
  assert.equal(adform.info.aliasOf, 'adf');
  assert.equal(adform.adapter, bidder.adapter);
});
