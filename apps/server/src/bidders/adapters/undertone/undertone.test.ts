// Undertone: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ placementId: 1, publisherId: 2 }],
  [{}, { placementId: 1 }, { placementId: 0, publisherId: 2 }, { placementId: '1', publisherId: 2 }],
);
