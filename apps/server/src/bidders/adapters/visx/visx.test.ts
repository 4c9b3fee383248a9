// VIS.X: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { endpoint: 'http://visx.test/bid' });
testParamsSchema(
  bidder,
  [{ uid: 13245 }, { uid: '13245', size: [300, 250] }],
  [{}, { uid: 'abc' }, { uid: 1, size: [300] }, { uid: 1, size: ['300', '250'] }],
);
