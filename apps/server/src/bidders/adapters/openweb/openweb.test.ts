// OpenWeb: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { placementId: 'p', org: 'o' },
    { placementId: 'p', aid: 5 },
  ],
  [{ org: 'o' }, { placementId: 'p' }, { placementId: '', org: 'o' }, { placementId: 'p', aid: 'x' }],
);
