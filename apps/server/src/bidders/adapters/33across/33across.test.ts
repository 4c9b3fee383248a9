// 33Across: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { productId: 'siab', siteId: 's' },
    { productId: 'inview', zoneId: 'z' },
  ],
  [{}, { siteId: 's' }, { productId: 'siab' }, { productId: 1, siteId: 's' }],
);
