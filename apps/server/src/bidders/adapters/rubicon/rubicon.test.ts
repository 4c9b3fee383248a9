// Rubicon: own fixtures through the shared runner with a test XAPI login; params schema examples;
// the magnite hard alias shares the adapter and schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, magnite } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://exapi.example/a/api/exchange',
  extraInfo: { xapi: { username: 'host-user', password: 'secret', tracker: 'host-tk' } },
});
testParamsSchema(
  bidder,
  [
    { accountId: 1, siteId: 2, zoneId: 3 },
    { accountId: '1', siteId: '2', zoneId: '3', inventory: { k: ['v'] } },
  ],
  [
    {},
    { accountId: 1, siteId: 2 },
    { accountId: 'a1', siteId: 2, zoneId: 3 },
    { accountId: 0, siteId: 2, zoneId: 3 },
  ],
);
test('magnite is a hard alias of rubicon', () => {
  assert.equal(magnite.info.aliasOf, 'rubicon');
  assert.equal(magnite.adapter, bidder.adapter);
});
