// sspBC: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'http://sspbc.test/bidder/',
});
testParamsSchema(
  bidder,
  [{}, { siteid: '237503', id: '005', test: 1 }],
  [{ siteid: 237503 }, { id: 5 }, { test: 'yes' }],
);
