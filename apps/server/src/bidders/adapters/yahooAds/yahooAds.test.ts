// Yahoo Ads: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ dcn: 'd', pos: 'p' }],
  [{}, { dcn: 'd' }, { dcn: '', pos: 'p' }, { dcn: 'd', pos: 1 }],
);
