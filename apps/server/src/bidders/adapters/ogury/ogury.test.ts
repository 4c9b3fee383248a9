// Ogury: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { endpoint: 'http://ogury.test' });
testParamsSchema(
  bidder,
  [{}, { assetKey: 'OGY-1', adUnitId: 'ad-1' }],
  [{ assetKey: 'OGY-1' }, { adUnitId: 'ad-1' }, { assetKey: '', adUnitId: 'x' }],
);
