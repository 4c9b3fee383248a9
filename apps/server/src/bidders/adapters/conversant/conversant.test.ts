// Epsilon (Conversant): own fixtures through the shared runner; params schema examples; epsilon alias.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, epsilon } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), { endpoint: 'https://example.test/cvx' });
testParamsSchema(
  bidder,
  [
    { site_id: '1' },
    { site_id: '1', bidfloor: 0.5, tag_id: 't', position: 1, mimes: ['video/mp4'], api: [2] },
  ],
  [{}, { site_id: 1 }, { site_id: '1', mimes: 'video/mp4' }, { site_id: '1', position: 'top' }],
);
test('epsilon is a hard alias of conversant', () => {
  assert.equal(epsilon.info.aliasOf, 'conversant');
  assert.equal(epsilon.adapter, bidder.adapter);
});
