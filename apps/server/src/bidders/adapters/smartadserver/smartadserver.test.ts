// Equativ (Smart AdServer): own fixtures through the shared runner (test endpoint); params schema
// examples; the equativ alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, equativ } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://ssb.smartadserver.com',
});
testParamsSchema(
  bidder,
  [{ networkId: 1 }, { networkId: 1, siteId: 2, pageId: 3, formatId: 4, programmaticGuaranteed: true }],
  [{}, { networkId: 0 }, { networkId: 1, siteId: 2 }, { networkId: '1' }],
);
test('equativ is a hard alias of smartadserver', () => {
  assert.equal(equativ.info.aliasOf, 'smartadserver');
  assert.equal(equativ.adapter, bidder.adapter);
});
