// Sharethrough: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ pkey: 'k' }, { pkey: 'k', bcat: ['IAB1'], badv: ['x.example'] }],
  [{}, { pkey: 1 }, { pkey: 'k', bcat: 'IAB1' }],
);
