// Reading includebrandcategory & co. from ext.<ns>.targeting, the video endpoint's targeting
// (G createBidExtension), duration buckets (G TestSelectNewDuration) and deal tiers (G TestUpdateHbPbCatDur).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBrandCategorySettings, videoCategoryTargeting } from './settings.js';
import { findDurationRange } from './duration.js';
import { dealTierCatDur } from './deal-tier.js';

test('absent, null or non-object includebrandcategory: feature off', () => {
  assert.deepEqual(readBrandCategorySettings(undefined), { errors: [] });
  assert.deepEqual(readBrandCategorySettings({ includewinners: true }), { errors: [] });
  assert.deepEqual(readBrandCategorySettings({ includebrandcategory: null }), { errors: [] });
  assert.deepEqual(readBrandCategorySettings({ includebrandcategory: 1 }, { at: 'ext.core.targeting' }), {
    errors: ['ext.core.targeting.includebrandcategory must be an object'],
  });
});

test('defaults: withcategory false, translatecategories true, no ranges', () => {
  assert.deepEqual(readBrandCategorySettings({ includebrandcategory: {} }).settings, {
    includeBrandCategory: {
      primaryAdServer: 0,
      publisher: '',
      withCategory: false,
      translateCategories: true,
    },
    appendBidderNames: false,
    durationRangeSec: [],
    requireExactDuration: false,
  });
});

test('every field, keys matched ignoring case (as G decodes JSON)', () => {
  const read = readBrandCategorySettings(
    {
      IncludeBrandCategory: {
        PrimaryAdServer: 2,
        publisher: 'dfp',
        withCategory: true,
        translateCategories: false,
      },
      appendBidderNames: true,
      durationRangeSec: [15, 30],
    },
    { requireExactDuration: true },
  );
  assert.deepEqual(read, {
    settings: {
      includeBrandCategory: {
        primaryAdServer: 2,
        publisher: 'dfp',
        withCategory: true,
        translateCategories: false,
      },
      appendBidderNames: true,
      durationRangeSec: [15, 30],
      requireExactDuration: true,
    },
    errors: [],
  });
});

test('wrong types are reported and read as absent', () => {
  const read = readBrandCategorySettings({
    includebrandcategory: {
      primaryadserver: '1',
      publisher: 7,
      withcategory: 'yes',
      translatecategories: null,
    },
    appendbiddernames: 1,
    durationrangesec: [15, 2.5],
  });
  assert.deepEqual(read.errors, [
    'ext.prebid.targeting.includebrandcategory.primaryadserver must be an integer',
    'ext.prebid.targeting.includebrandcategory.publisher must be a string',
    'ext.prebid.targeting.includebrandcategory.withcategory must be a boolean',
    'ext.prebid.targeting.appendbiddernames must be a boolean',
    'ext.prebid.targeting.durationrangesec must be an array of integers',
  ]);
  assert.deepEqual(read.settings?.includeBrandCategory, {
    primaryAdServer: 0,
    publisher: '',
    withCategory: false,
    translateCategories: true,
  });
});

test('video endpoint targeting (G createBidExtension)', () => {
  assert.deepEqual(
    videoCategoryTargeting({
      includebrandcategory: { primaryadserver: 1, publisher: '', translatecategories: false },
      podconfig: { durationrangesec: [15, 30], requireexactduration: false },
      appendbiddernames: true,
    }),
    {
      includebrandcategory: { primaryadserver: 1, withcategory: true, translatecategories: false },
      durationrangesec: [15, 30],
      appendbiddernames: true,
    },
  );
  assert.deepEqual(
    videoCategoryTargeting({ podconfig: { durationrangesec: [15, 30], requireexactduration: true } }),
    { includebrandcategory: { withcategory: false } },
  );
});

test('G TestSelectNewDuration', () => {
  const max = 2147483647;
  assert.deepEqual(findDurationRange(1, []), { ok: true, duration: 1 });
  assert.deepEqual(findDurationRange(5, [-1, 0, 1, 2, 3]), {
    ok: false,
    error: 'bid duration exceeds maximum allowed',
  });
  assert.deepEqual(findDurationRange(5, [9, max, 8]), { ok: true, duration: 8 });
  assert.deepEqual(findDurationRange(5, [max, -3, 7, 2]), { ok: true, duration: 7 });
  assert.deepEqual(findDurationRange(5, [-3, max, 5, 7]), { ok: true, duration: 5 });
  assert.deepEqual(findDurationRange(0, [15, 30]), { ok: true, duration: 15 });
});

test('G TestUpdateHbPbCatDur: the bucket part becomes <prefix><priority>_', () => {
  assert.equal(dealTierCatDur('12.00_movies_30s', { prefix: 'tier', minDealTier: 5 }, 5), 'tier5_movies_30s');
  assert.equal(dealTierCatDur('12.00_auto_30s', { prefix: 'tier', minDealTier: 10 }, 6), undefined);
  assert.equal(
    dealTierCatDur('12.00_medicine_30s', { prefix: 'tier', minDealTier: 1 }, 7),
    'tier7_medicine_30s',
  );
  assert.equal(dealTierCatDur('12.00', { prefix: 'tier', minDealTier: 1 }, 7), 'tier7_');
});
