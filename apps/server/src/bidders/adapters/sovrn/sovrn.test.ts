// Sovrn: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ tagid: '123' }, { tagId: '123', bidfloor: 0.5 }, { tagid: '1', bidfloor: '1.25', adunitcode: 'top' }],
  [{}, { tagid: 123 }, { tagid: '1', tagId: '2' }, { tagid: '1', bidfloor: true }],
);
