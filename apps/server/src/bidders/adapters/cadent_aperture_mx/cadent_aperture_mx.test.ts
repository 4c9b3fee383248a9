// Cadent Aperture MX: own fixtures through the shared runner (in upstream's test mode, which pins the
// query); params schema examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder, emxDigital } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://cadent.test',
  testing: true,
});
testParamsSchema(
  bidder,
  [{ tagid: '25251' }, { tagid: '25251', bidfloor: '0.5' }],
  [{}, { tagid: 25251 }, { tagid: '1', bidfloor: 1 }],
);

test('cadent_aperture_mx: emx_digital is served by the same adapter', () => {
  assert.equal(emxDigital.info.aliasOf, 'cadent_aperture_mx');
  assert.equal(emxDigital.adapter, bidder.adapter);
  assert.equal(emxDigital.info.gvlVendorId, 183);
});
