// Nativo: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://nativo.test/?src=prebid',
});
testParamsSchema(bidder, [{}, { placementId: 1234 }, { placementId: '1234' }], [{ placementId: true }, []]);
