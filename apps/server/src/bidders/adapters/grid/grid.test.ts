// TheMediaGrid: own fixtures through the shared runner (test endpoint); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { endpoint: 'http://localhost/prebid' });
testParamsSchema(
  bidder,
  [{ uid: 1 }, { uid: 2, keywords: { site: { pub: [] }, user: {} } }],
  [{ uid: '1' }, { uid: 1, keywords: [] }, { uid: 1, keywords: { site: 'x' } }],
);
