// AppNexus: own fixtures through the shared runner (auction, video and AMP entry points); params
// schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testBidderFixtures(bidder, new URL('./fixtures/video/', import.meta.url), {
  entryPoint: 'video',
  fixedValues: { adPodId: '42' },
});
testBidderFixtures(bidder, new URL('./fixtures/amp/', import.meta.url), { entryPoint: 'amp' });
testParamsSchema(
  bidder,
  [{ placement_id: 1 }, { member: '7', inv_code: 'top' }, { placementId: 5, keywords: 'a=b' }],
  [{}, { member: '7' }, { placement_id: true }],
);
