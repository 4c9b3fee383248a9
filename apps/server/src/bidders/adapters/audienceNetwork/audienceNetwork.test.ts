// Audience Network: own fixtures through the shared runner (host credentials as extra info); params
// schema examples; without credentials nothing is sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import type { AdapterContext } from '../../types.js';
import { bidder } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  extraInfo: { platformId: 'platform-7', appSecret: 's3cr3t' },
});
testParamsSchema(
  bidder,
  [{ placementId: 'pub_plc' }, { placementId: 'plc', publisherId: 'pub' }],
  [{}, { placementId: 1 }, { publisherId: 'pub' }],
);

test('audienceNetwork: no call without a platform id and app secret', () => {
  const request = {
    id: 'r',
    app: { bundle: 'b' },
    user: { buyeruid: 't' },
    imp: [{ id: '1', banner: { h: 50 }, ext: { bidder: { placementId: 'a_b' } } }],
  };
  const ctx = { endpoint: 'https://x.example', extraInfo: bidder.info.extraInfo } as AdapterContext;
  const result = bidder.adapter?.makeRequests(request, ctx);
  assert.equal(result?.value.length, 0);
  assert.equal(result?.errors[0]?.code, 2);
});
