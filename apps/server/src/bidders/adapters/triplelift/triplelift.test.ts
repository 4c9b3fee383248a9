// TripleLift: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ inventoryCode: 'inv' }, { inventoryCode: 'inv', floor: 0.2 }],
  [{}, { floor: 1 }, { inventoryCode: 7 }, { inventoryCode: 'inv', floor: '1' }],
);
