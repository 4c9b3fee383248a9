// ShowHeroes: own fixtures through the shared runner; params schema examples; the hard aliases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, showheroesBs, showheroesBsDash } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(bidder, [{ unitId: '12345678' }], [{}, { unitId: 'short' }, { unitId: 12345678 }]);

test('showheroes: hard aliases share the adapter and name their parent', () => {
  for (const alias of [showheroesBs, showheroesBsDash]) {
    assert.equal(alias.info.aliasOf, 'showheroes');
    assert.equal(alias.adapter, bidder.adapter);
    assert.equal(alias.info.gvlVendorId, 111);
  }
});
