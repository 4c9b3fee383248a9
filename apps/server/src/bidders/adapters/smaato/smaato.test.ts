// Smaato: own fixtures through the shared runner (fixed clock for X-Smt-Expires); params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { now: 1_700_000_000_000 });
testParamsSchema(
  bidder,
  [
    { publisherId: 'p', adspaceId: 'a' },
    { publisherId: 'p', adbreakId: 'b' },
  ],
  [{}, { publisherId: 'p' }, { adspaceId: 'a' }],
);
