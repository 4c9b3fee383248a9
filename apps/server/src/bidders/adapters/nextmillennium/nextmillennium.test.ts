// NextMillennium: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://nextmillennium.test/openrtb2/auction',
  extraInfo: '{"nmmFlags":["flag1"]}',
  server: { externalUrl: 'http://hosturl.com', gvlId: 1, dataCenter: '2' },
});
testParamsSchema(
  bidder,
  [{ placement_id: '7819' }, { group_id: '7819', adSlots: ['a'] }, { placement_id: '1', allowedAds: [] }],
  [{}, { placement_id: '' }, { group_id: 12 }, { placement_id: '1', adSlots: [] }],
);
