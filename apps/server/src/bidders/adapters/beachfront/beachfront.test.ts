// Beachfront: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { appId: 'a' },
    { appIds: { video: 'v' } },
    { appIds: { banner: 'b' }, bidfloor: 0.5, videoResponseType: 'nurl' },
  ],
  [{}, { appIds: {} }, { appId: 1 }, { appId: 'a', appIds: { video: 'v' } }, { appId: 'a', bidfloor: 'x' }],
);
