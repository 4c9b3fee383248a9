// AMX: own fixtures through the shared runner (test endpoint); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'http://pbs-dev.amxrtb.com/auction/openrtb',
});
testParamsSchema(
  bidder,
  [{}, { tagId: 'abc' }, { tagId: 'abc', adUnitId: 'top' }],
  [{ tagId: 5 }, { adUnitId: [] }],
);
