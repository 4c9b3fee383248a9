// Consumable: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { siteId: 1, networkId: 2, unitId: 3 },
    { placementId: 'abc123' },
    { siteId: 1, networkId: 2, unitId: 3, unitName: 'x-1' },
  ],
  [{}, { siteId: 1 }, { placementId: 'a-b' }, { siteId: 1, networkId: 2, unitId: 3, placementId: 'abc' }],
);
