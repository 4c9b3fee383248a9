// Media.net: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ cid: 'CID1', crid: '123' }],
  [{}, { cid: 'CID1' }, { cid: '', crid: '1' }, { cid: 'C', crid: 5 }],
);
