// Improve Digital: own fixtures through the shared runner (test endpoint); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'http://localhost/{PublisherId}pbs',
});
testParamsSchema(
  bidder,
  [{ placementId: 1 }, { placementId: 2, publisherId: 3, keyValues: { a: ['b'] }, size: { w: 300, h: 250 } }],
  [{}, { placementId: 0 }, { placementId: '5' }, { placementId: 1, size: { w: 300 } }],
);
