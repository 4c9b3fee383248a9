// OpenX: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { unit: '1', delDomain: 'd.openx.net' },
    { unit: 2, platform: 'p', customFloor: '0.5' },
  ],
  [{}, { unit: '1' }, { delDomain: 'd.openx.net' }],
);
