import { test } from 'node:test';
import assert from 'node:assert/strict';
import { granularityFor, parseTargeting, readTargeting } from './targeting-config.js';
import { priceBucket } from './price-granularity.js';

test('absent targeting → none; flags default to false (contract); granularity defaults to medium', () => {
  assert.equal(parseTargeting(undefined, 'core').config, undefined);
  const { config, errors } = parseTargeting({}, 'core');
  assert.deepEqual(errors, []);
  assert.ok(config);
  assert.equal(config.includeWinners, false);
  assert.equal(config.includeBidderKeys, false);
  assert.equal(config.includeFormat, false);
  assert.equal(config.preferDeals, false);
  assert.equal(config.alwaysIncludeDeals, false);
  assert.equal(priceBucket(7.77, config.priceGranularity), '7.70');
});

test('account default granularity applies when the request gives none', () => {
  const { config } = parseTargeting({}, 'core', 'low');
  assert.equal(priceBucket(4.9, config!.priceGranularity), '4.50');
  const { config: own } = parseTargeting({ pricegranularity: 'high' }, 'core', 'low');
  assert.equal(priceBucket(4.91, own!.priceGranularity), '4.91');
});

test('mediatypepricegranularity: per type, pricegranularity for types not named', () => {
  const { config, errors } = parseTargeting(
    {
      pricegranularity: 'low',
      mediatypepricegranularity: { video: { precision: 1, ranges: [{ max: 50, increment: 1 }] } },
    },
    'prebid',
  );
  assert.deepEqual(errors, []);
  assert.equal(priceBucket(33.3, granularityFor(config!, 'video')), '33.0');
  assert.equal(priceBucket(3.3, granularityFor(config!, 'banner')), '3.00');
});

test('errors name the field in the request namespace', () => {
  const { errors } = parseTargeting(
    { includewinners: 'yes', pricegranularity: { ranges: [{ max: 1, increment: 0 }] } },
    'prebid',
  );
  assert.deepEqual(errors, [
    'request.ext.prebid.targeting.pricegranularity.ranges[0].increment must be a positive number',
    'request.ext.prebid.targeting.includewinners must be a boolean',
  ]);
  assert.deepEqual(parseTargeting('x', 'core').errors, ['request.ext.core.targeting must be an object']);
});

test('readTargeting reads ext[ns] only', () => {
  assert.ok(readTargeting({ core: { targeting: {} } }, 'core'));
  assert.equal(readTargeting({ prebid: { targeting: {} } }, 'core'), undefined);
  assert.equal(readTargeting(undefined, 'core'), undefined);
});
