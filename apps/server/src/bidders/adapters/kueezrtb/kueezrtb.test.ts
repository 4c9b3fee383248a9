// Kueez RTB: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(bidder, [{ cId: 'abc_123' }], [{}, { cId: '' }, { cId: 'a b' }, { cId: 1 }]);
