// Beyond upstream's unit cases: the fatal setting, decimal bucket comparison, the exact-duration
// rule, seat order, and the shared exchange fixtures that use includebrandcategory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCategoryMapping, primaryAdServerName } from './apply.js';
import { readBrandCategorySettings } from './settings.js';
import { createMemoryCategoryFetcher } from './fetcher.js';
import type { CategoryBid, CategoryFetcher } from './types.js';
import { catDurs, harnessFetcher, ids, scripted, testBid, testSettings } from './categories.testkit.js';

const withBucket = (b: CategoryBid, priceBucket: string): CategoryBid => ({ ...b, priceBucket });

test('primary ad servers: 1 freewheel, 2 dfp, others unknown', () => {
  assert.equal(primaryAdServerName(1), 'freewheel');
  assert.equal(primaryAdServerName(2), 'dfp');
  assert.equal(primaryAdServerName(0), undefined);
  assert.equal(primaryAdServerName(3), undefined);
});

test('an unknown primary ad server is fatal only when categories are translated', async () => {
  const bids = [testBid({ id: 'b', price: 1, cat: ['IAB1-1'], duration: 30 })];
  const random = () => false;
  for (const primaryAdServer of [0, 3]) {
    const r = await applyCategoryMapping({
      bids,
      settings: testSettings({}, { primaryAdServer }),
      fetcher: harnessFetcher(),
      random,
    });
    assert.equal(r.error, `Error in category mapping : Primary ad server ${primaryAdServer} not recognized`);
    assert.deepEqual(ids(r.kept), ['b']);
    assert.equal(r.hbPbCatDur.size, 0);
  }
  for (const include of [
    { primaryAdServer: 3, withCategory: false },
    { primaryAdServer: 3, translateCategories: false },
  ]) {
    const r = await applyCategoryMapping({
      bids,
      settings: testSettings({}, include),
      fetcher: harnessFetcher(),
      random,
    });
    assert.equal(r.error, undefined);
    assert.equal(r.kept.length, 1);
  }
});

test('buckets compare as decimals: 0.1 equals 0.10 (tie), 10.00 beats 9.50, "" counts as 0', async () => {
  const base = (id: string, seat = 's') => testBid({ id, price: 0, cat: ['IAB1-1'], duration: 30, seat });
  const random = scripted(false);
  const tie = await applyCategoryMapping({
    bids: [withBucket(base('a'), '0.1'), withBucket(base('b', 't'), '0.10')],
    settings: testSettings({}, { withCategory: true }),
    fetcher: harnessFetcher(),
    random: random.next,
  });
  assert.equal(random.calls(), 1);
  assert.deepEqual(ids(tie.kept), ['a']);
  const order = await applyCategoryMapping({
    bids: [withBucket(base('a'), '9.50'), withBucket(base('b'), '10.00')],
    settings: testSettings({}, { withCategory: true }),
    fetcher: harnessFetcher(),
    random: () => assert.fail('no tie'),
  });
  assert.deepEqual(ids(order.kept), ['b']);
  const empty = await applyCategoryMapping({
    bids: [withBucket(base('a'), ''), withBucket(base('b'), '0.01')],
    settings: testSettings({}, { withCategory: true }),
    fetcher: harnessFetcher(),
    random: () => assert.fail('no tie'),
  });
  assert.deepEqual(ids(empty.kept), ['b']);
});

test('requireexactduration: ranges ignored, the bid keeps its own duration', async () => {
  const bids = [testBid({ id: 'b', price: 4, cat: ['IAB1-1'], duration: 70 })];
  const r = await applyCategoryMapping({
    bids,
    settings: testSettings({ durationRangeSec: [15, 30], requireExactDuration: true }),
    fetcher: harnessFetcher(),
    random: () => false,
  });
  assert.deepEqual(catDurs(r.hbPbCatDur), { b: '4.00_VideoGames_70s' });
});

test('an adapter category skips the fetcher; a failing fetcher rejects the bid with a warning', async () => {
  let calls = 0;
  const failing: CategoryFetcher = {
    fetch: () => Promise.reject(new Error('down')),
    lookup: () => {
      calls++;
      return Promise.reject(new Error('down'));
    },
  };
  const r = await applyCategoryMapping({
    bids: [
      testBid({ id: 'a', price: 2, duration: 30, primaryCategory: 'Sports' }),
      testBid({ id: 'b', price: 2, cat: ['IAB1-1'], duration: 30 }),
    ],
    settings: testSettings(),
    fetcher: failing,
    random: () => false,
  });
  assert.equal(calls, 1);
  assert.deepEqual(catDurs(r.hbPbCatDur), { a: '2.00_Sports_30s' });
  assert.deepEqual(
    r.rejected.map((x) => x.bidId),
    ['b'],
  );
  assert.deepEqual(r.warnings, ['Error: down']);
});

test('seats are processed in order of first appearance, bids in order within a seat', async () => {
  // x1 (seat x) and y1 (seat y) tie; x2 comes after y1 in the input but is processed with seat x.
  const bids = [
    testBid({ id: 'x1', price: 4, cat: ['IAB1-1'], duration: 30, seat: 'x' }),
    testBid({ id: 'y1', price: 4, cat: ['IAB1-1'], duration: 30, seat: 'y' }),
    testBid({ id: 'x2', price: 6, cat: ['IAB1-2'], duration: 30, seat: 'x' }),
  ];
  const r = await applyCategoryMapping({
    bids,
    settings: testSettings(),
    fetcher: harnessFetcher(),
    random: () => true,
  });
  assert.deepEqual(ids(r.kept), ['y1', 'x2']);
  assert.deepEqual(
    r.rejected.map((x) => [x.bidId, x.seat]),
    [['x1', 'x']],
  );
});

test('a bid with several IAB categories has no category (G: exactly one)', async () => {
  const r = await applyCategoryMapping({
    bids: [testBid({ id: 'b', price: 2, cat: ['IAB1-1', 'IAB1-2'], duration: 30 })],
    settings: testSettings(),
    fetcher: harnessFetcher(),
    random: () => false,
  });
  assert.equal(r.rejected[0]?.reason, 'Bid did not contain a category');
  assert.equal(r.rejected[0]?.nonBidCode, 303);
});

// Shared exchange fixtures (harness: freewheel/freewheel.json = the test kit's file).
test('fixture append-bidder-names: no video → 0s, bidder suffix', async () => {
  const read = readBrandCategorySettings({
    includebrandcategory: { primaryadserver: 1, publisher: '', withcategory: true },
    pricegranularity: { precision: 2, ranges: [{ min: 0, max: 20, increment: 0.1 }] },
    includewinners: true,
    includebidderkeys: true,
    appendbiddernames: true,
  });
  assert.ok(read.settings);
  const bids = [
    withBucket(testBid({ id: 'apn-bid', price: 0.3, cat: ['IAB1-1'], duration: 30 }), '0.20'),
    withBucket(testBid({ id: 'apn-other-bid', price: 0.6, cat: ['IAB1-2'] }), '0.50'),
  ];
  const r = await applyCategoryMapping({
    bids,
    settings: read.settings,
    fetcher: harnessFetcher(),
    random: () => false,
  });
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    'apn-bid': '0.20_VideoGames_30s_appnexus',
    'apn-other-bid': '0.50_HomeDecor_0s_appnexus',
  });
});

test('fixture request-multi-bidders-debug-info: camelCase keys, duration 0 → 15s', async () => {
  const read = readBrandCategorySettings({
    durationRangeSec: [15, 30],
    includebrandcategory: {
      primaryadserver: 1,
      publisher: '',
      withCategory: true,
      translateCategories: true,
    },
  });
  assert.ok(read.settings);
  assert.deepEqual(read.errors, []);
  const bids = [withBucket(testBid({ id: 'winning-bid', price: 12, cat: ['IAB1-1'] }), '12.00')];
  const r = await applyCategoryMapping({
    bids,
    settings: read.settings,
    fetcher: harnessFetcher(),
    random: () => false,
  });
  assert.deepEqual(catDurs(r.hbPbCatDur), { 'winning-bid': '12.00_VideoGames_15s' });
});

test('fixture mediatypepricegranularity-native: the caller’s per-media bucket goes in verbatim', async () => {
  const bids = [
    withBucket(testBid({ id: 'apn-bid', price: 24, cat: ['IAB1-1'] }), '23.40000'),
    withBucket(testBid({ id: 'apn-other-bid', price: 29, cat: ['IAB1-2'] }), '28.80000'),
  ];
  const settings = testSettings({ appendBidderNames: true });
  const r = await applyCategoryMapping({ bids, settings, fetcher: harnessFetcher(), random: () => false });
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    'apn-bid': '23.40000_VideoGames_0s_appnexus',
    'apn-other-bid': '28.80000_HomeDecor_0s_appnexus',
  });
});

test('docs/categories.md worked pod example', async () => {
  const fetcher = createMemoryCategoryFetcher({
    freewheel: { freewheel: { 'IAB2-1': { id: '399' }, 'IAB2-3': { id: '399' }, 'IAB1-6': { id: '392' } } },
  });
  const bids = [
    withBucket(testBid({ id: 'a1', price: 12.35, cat: ['IAB2-1'], duration: 28, seat: 'bidderA' }), '12.30'),
    withBucket(testBid({ id: 'a2', price: 5, cat: ['IAB1-2000'], duration: 15, seat: 'bidderA' }), '5.00'),
    withBucket(testBid({ id: 'a3', price: 7, cat: ['IAB1-6'], duration: 45, seat: 'bidderA' }), '7.00'),
    withBucket(testBid({ id: 'b1', price: 9.8, cat: ['IAB2-3'], duration: 15, seat: 'bidderB' }), '9.80'),
    withBucket(testBid({ id: 'b2', price: 8, cat: ['IAB1-6'], duration: 20, seat: 'bidderB' }), '8.00'),
  ];
  const settings = testSettings({ durationRangeSec: [15, 30] });
  const r = await applyCategoryMapping({ bids, settings, fetcher, random: () => assert.fail('no tie') });
  assert.deepEqual(catDurs(r.hbPbCatDur), { a1: '12.30_399_30s', b2: '8.00_392_30s' });
  assert.deepEqual(
    r.rejected.map((x) => [x.bidId, x.reason]),
    [
      ['a2', "Category mapping file for primary ad server: 'freewheel', publisher: '' not found"],
      ['a3', 'bid duration exceeds maximum allowed'],
      ['b1', 'Bid was deduplicated'],
    ],
  );
  const plain = await applyCategoryMapping({
    bids,
    settings: testSettings({ durationRangeSec: [15, 30] }, { withCategory: false }),
    fetcher,
    random: () => assert.fail('no tie'),
  });
  assert.deepEqual(catDurs(plain.hbPbCatDur), {
    a1: '12.30_30s',
    a2: '5.00_15s',
    b1: '9.80_15s',
    b2: '8.00_30s',
  });
});
