// Vidazoo: own fixtures through the shared runner; params schema examples; aliases share the adapter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { adnimation, apester, bidder, omnidex, programmaticX, tagoras } from './index.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(bidder, [{ cId: 'abc' }, { cId: 'a b' }], [{}, { cId: '' }, { cId: 7 }]);

test('vidazoo aliases: own endpoint and sync, own GVL id only when declared, shared adapter', () => {
  for (const alias of [adnimation, apester, omnidex, programmaticX, tagoras]) {
    assert.equal(alias.info.aliasOf, 'vidazoo');
    assert.equal(alias.adapter, bidder.adapter);
    assert.notEqual(alias.info.endpoint, bidder.info.endpoint);
    assert.match(alias.info.userSync?.iframe?.url ?? '', /pbs=true/);
  }
  assert.equal(adnimation.info.gvlVendorId, undefined);
  assert.equal(apester.info.gvlVendorId, 354);
  assert.deepEqual(tagoras.info.capabilities, bidder.info.capabilities);
});
