// FreeWheel SSP: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(bidder, [{ zoneId: 12 }, { zoneId: '12' }], [{}, { zoneId: 1.5 }, { zoneId: true }]);
