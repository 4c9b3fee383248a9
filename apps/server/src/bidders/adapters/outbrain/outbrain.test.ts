// Outbrain: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ publisher: { id: 'p' } }, { publisher: { id: 'p' }, tagid: 't', bcat: ['IAB1'] }],
  [{}, { publisher: {} }, { publisher: { id: 'p' }, bcat: 'IAB1' }],
);
