// Vungle: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ app_store_id: 'a', placement_reference_id: 'p' }],
  [{}, { app_store_id: 'a' }, { app_store_id: '', placement_reference_id: 'p' }],
);
