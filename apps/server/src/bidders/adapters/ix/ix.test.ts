// Index Exchange: own fixtures through the shared runner (hosts configure the endpoint, so the
// fixtures use a test one); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { endpoint: 'https://ix.example/pbs' });
testParamsSchema(
  bidder,
  [{ siteId: '1' }, { siteid: '1', size: [300, 250] }, { siteID: '1', sid: 'slot' }],
  [{}, { siteId: '' }, { siteId: '1', siteid: '2' }, { siteId: '1', size: [300] }],
);
