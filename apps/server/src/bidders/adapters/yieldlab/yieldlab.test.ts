// Yieldlab: own fixtures through the shared runner (stamps pinned as upstream's tests pin them); params
// schema examples; the ISO week and Go float text helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';
import { goFloat, isoWeek } from './params.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url), {
  endpoint: 'https://yieldlab.test/yp/',
  fixedValues: { cacheBuster: 'testing', isoWeek: '33' },
});
testParamsSchema(
  bidder,
  [
    { adslotId: '1', supplyId: '2' },
    { adslotId: '1', supplyId: '2', extId: 'x', targeting: { a: 'b' } },
  ],
  [{}, { adslotId: '1' }, { adslotId: 1, supplyId: '2' }, { adslotId: '1', supplyId: '2', targeting: 'a=b' }],
);

test('yieldlab: ISO week and cache buster come from the clock unless pinned', () => {
  const ctx = (now: number) => ({
    bidder: 'yieldlab',
    endpoint: '',
    server: { externalUrl: '', gvlId: 0, dataCenter: '' },
    convertCurrency: (a: number) => a,
    version: '',
    now: () => now,
  });
  assert.equal(isoWeek(ctx(Date.UTC(2021, 0, 3))), '53');
  assert.equal(isoWeek(ctx(Date.UTC(2024, 7, 15))), '33');
  assert.equal(isoWeek({ ...ctx(0), fixedValues: { isoWeek: '7' } }), '7');
});

test('yieldlab: floats print as Go prints them', () => {
  assert.equal(goFloat(51.499488), '51.499488');
  assert.equal(goFloat(0.00001), '1e-05');
  assert.equal(goFloat(0), '0');
});
