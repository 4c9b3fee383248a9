// Adnuntius: own fixtures through the shared runner (UTC clock, so tzo=0); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

process.env.TZ = 'UTC';
testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  now: Date.parse('2024-03-01T10:00:00Z'),
});
testParamsSchema(
  bidder,
  [{ auId: '1' }, { auId: '1', network: 'n', noCookies: true, maxDeals: 2, bidType: 'net' }],
  [{}, { auId: 1 }, { auId: '1', maxDeals: 'two' }, { auId: '1', noCookies: 'yes' }],
);
