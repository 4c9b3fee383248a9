// TripleLift Native: own fixtures through the shared runner (with a host allowlist); params schema.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  extraInfo: { publisher_whitelist: ['pub-1', 'parent-1'] },
});
testParamsSchema(
  bidder,
  [{ inventoryCode: 'inv' }, { inventoryCode: 'inv', floor: 0.5 }],
  [{}, { inventoryCode: '' }, { inventoryCode: 'inv', floor: '1' }],
);
