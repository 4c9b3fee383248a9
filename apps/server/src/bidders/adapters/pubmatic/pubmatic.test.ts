// PubMatic: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { publisherId: '5890' },
    { publisherId: '5890', adSlot: 'slot@300x250', kadfloor: '0.1', wrapper: { profile: 1, version: 2 } },
    { publisherId: '1', keywords: [{ key: 'k', value: ['v'] }], acat: ['IAB1'] },
  ],
  [
    {},
    { publisherId: 5890 },
    { publisherId: '1', wrapper: { version: 1 } },
    { publisherId: '1', keywords: [] },
  ],
);
