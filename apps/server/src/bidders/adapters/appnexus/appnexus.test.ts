// AppNexus: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ placement_id: 1 }, { member: '7', inv_code: 'top' }, { placementId: 5, keywords: 'a=b' }],
  [{}, { member: '7' }, { placement_id: true }],
);
