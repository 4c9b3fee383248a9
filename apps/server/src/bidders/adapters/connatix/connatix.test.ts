// Connatix: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ placementId: 'p1' }, { placementId: 'p1', viewabilityPercentage: 0.4 }],
  [{}, { placementId: '' }, { placementId: 5 }, { placementId: 'p', viewabilityPercentage: '1' }],
);
