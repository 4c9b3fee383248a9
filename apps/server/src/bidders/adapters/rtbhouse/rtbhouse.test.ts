// RTB House: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ publisherId: 'p' }, { publisherId: 'p', region: 'prebid-eu', bidfloor: 0.5, channel: 'web' }],
  [{}, { publisherId: 1 }, { publisherId: 'p', bidfloor: '1' }],
);
