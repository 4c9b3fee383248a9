// Targeting key prefix and length (upstream G getTargetDataPrefix): request over account over `hb`,
// the account's truncate length, and the two warnings that fall back to `hb`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targetingKeySettings, TOO_LONG_PREFIX, TOO_SHORT_TRUNCATION } from './key-settings.js';
import { buildKeys } from './build-keys.js';

test('the request prefix wins over the account prefix, which wins over hb', () => {
  assert.deepEqual(targetingKeySettings({}), { prefix: 'hb', maxKeyLength: 20, warnings: [] });
  assert.equal(targetingKeySettings({ accountPrefix: 'pub' }).prefix, 'pub');
  assert.equal(targetingKeySettings({ requestPrefix: 'req', accountPrefix: 'pub' }).prefix, 'req');
  assert.equal(targetingKeySettings({ requestPrefix: '', accountPrefix: 'pub' }).prefix, 'pub');
});

test('keys are cut to truncate_target_attr above 12; a prefix without room falls back with 10015', () => {
  assert.equal(targetingKeySettings({ truncateTargetAttr: 30 }).maxKeyLength, 30);
  assert.equal(targetingKeySettings({ truncateTargetAttr: 12 }).maxKeyLength, 20);
  assert.deepEqual(targetingKeySettings({ requestPrefix: 'toolong123' }), {
    prefix: 'hb',
    maxKeyLength: 20,
    warnings: [TOO_LONG_PREFIX],
  });
  assert.equal(
    targetingKeySettings({ requestPrefix: 'toolong123', truncateTargetAttr: 30 }).prefix,
    'toolong123',
  );
  assert.deepEqual(targetingKeySettings({ requestPrefix: 'x', truncateTargetAttr: 5 }), {
    prefix: 'hb',
    maxKeyLength: 20,
    warnings: [TOO_SHORT_TRUNCATION],
  });
});

test('built keys use the prefix and the length', () => {
  const keys = buildKeys(
    { bidder: 'appnexus', seat: 'appnexus', type: 'banner', bid: {}, priceBucket: '1.00' },
    { prefix: 'pub', asWinner: true, asBidder: true, includeFormat: false, maxKeyLength: 30 },
  );
  assert.deepEqual(keys, {
    pub_pb: '1.00',
    pub_bidder: 'appnexus',
    pub_pb_appnexus: '1.00',
    pub_bidder_appnexus: 'appnexus',
  });
});
