// PulsePoint: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'http://pulsepoint.test/bid',
});
testParamsSchema(
  bidder,
  [
    { cp: 1234, ct: 1001 },
    { cp: '1234', ct: '1001' },
  ],
  [{}, { cp: 1234 }, { ct: 1001 }, { cp: true, ct: 1 }],
);
