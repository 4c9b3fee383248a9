// AdYouLike: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { placement: 'p' },
    { placement: 'p', campaign: 'c', track: 't', creative: 'x', source: 'SSP', debug: 'd' },
  ],
  [{}, { placement: 1 }, { placement: 'p', campaign: 2 }],
);
