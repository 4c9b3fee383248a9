// Rich Audience: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [
    { pid: 'P1', supplyType: 'app' },
    { pid: 'P1', supplyType: 'site', test: true, bidFloor: 0.5 },
  ],
  [{ pid: 'P1' }, { pid: 1, supplyType: 'site' }, { pid: 'P', supplyType: 'site', test: 'yes' }],
);
