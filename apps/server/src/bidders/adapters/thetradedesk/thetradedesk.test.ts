// The Trade Desk: own fixtures through the shared runner (supply id fallback `ttd`); params schema
// examples; the ttd alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, ttd } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { extraInfo: 'ttd' });
testParamsSchema(
  bidder,
  [{ publisherId: '1' }, { publisherId: 'abc', supplySourceId: 'src' }],
  [{}, { publisherId: '' }, { publisherId: 1 }, { publisherId: 'a', supplySourceId: 5 }],
);
test('ttd is a hard alias of thetradedesk', () => {
  assert.equal(ttd.info.aliasOf, 'thetradedesk');
  assert.equal(ttd.adapter, bidder.adapter);
});
