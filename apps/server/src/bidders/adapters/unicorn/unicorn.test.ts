// UNICORN: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ accountId: 1 }, { accountId: 1, placementId: 'p', publisherId: 'q', mediaId: 'm' }],
  [{}, { accountId: '1' }, { accountId: 1, mediaId: 2 }],
);
