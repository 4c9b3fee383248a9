// Seedtag: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ adUnitId: 'u1' }, { publisherId: 'p1', integrationType: 'ronId' }],
  [{}, { adUnitId: '' }, { publisherId: 'p1' }, { publisherId: 'p1', integrationType: 'other' }],
);
