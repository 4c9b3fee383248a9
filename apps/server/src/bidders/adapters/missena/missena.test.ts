// Missena: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ apiKey: 'k' }, { apiKey: 'k', placement: 'sticky', formats: ['banner'], settings: {} }],
  [{}, { apiKey: '' }, { apiKey: 'k', formats: [1] }],
);
