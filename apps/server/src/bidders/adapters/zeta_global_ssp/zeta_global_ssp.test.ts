// Zeta Global SSP: own fixtures through the shared runner (test endpoint with the account id macro).
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(bidder, [{ sid: 11 }, {}], [{ sid: '11' }, { sid: 1.5 }]);
