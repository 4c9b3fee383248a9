// GumGum: own fixtures through the shared runner; params schema examples.
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ zone: 'zone1234' }, { pubId: 42, slot: 7 }, { zone: 'zone1234', irisid: 'iris_1', product: 'skins' }],
  [{}, { zone: 'short' }, { pubId: '42' }, { zone: 'zone1234', slot: 'a' }],
);
