// Mgid: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { accountId: 'a' },
    { accountId: 'a', placementId: 'p', cur: 'EUR', bidfloor: 1, bidFloor: 2, currency: 'GBP' },
  ],
  [{}, { accountId: 1 }, { accountId: 'a', bidfloor: '1' }],
);
