// Pangle: own fixtures through the shared runner (Pangle ships without an endpoint: a test one is
// given); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://pangle.example/api/get_ads',
});
testParamsSchema(
  bidder,
  [{ token: 't' }, { token: 't', appid: '1', placementid: '2' }],
  [{}, { token: '' }, { token: 't', appid: '1' }],
);
