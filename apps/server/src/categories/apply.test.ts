// Upstream's TestCategoryMapping* cases (G exchange/exchange_test.go), with the random dedupe
// boolean injected so both outcomes are checked deterministically.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCategoryMapping } from './apply.js';
import type { CategoryBid } from './types.js';
import { catDurs, harnessFetcher, ids, scripted, testBid, testSettings } from './categories.testkit.js';

const run = (bids: CategoryBid[], settings = testSettings(), random = () => false) =>
  applyCategoryMapping({ bids, settings, fetcher: harnessFetcher(), random });

const fourBids = (dur4: number) => [
  testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-3'], duration: 30 }),
  testBid({ id: 'bid_id2', price: 20, cat: ['IAB1-4'], duration: 40 }),
  testBid({ id: 'bid_id3', price: 30, cat: ['IAB1-1000'], duration: 30, primaryCategory: 'AdapterOverride' }),
  testBid({ id: 'bid_id4', price: 40, cat: ['IAB1-2000'], duration: dur4 }),
];

test('TestCategoryMapping: mapped, adapter override, unmapped category rejected', async () => {
  const r = await run(fourBids(30), testSettings({ durationRangeSec: [15, 30, 50] }));
  assert.equal(r.error, undefined);
  assert.deepEqual(
    r.rejected.map((x) => x.message),
    [
      "bid rejected [bid ID: bid_id4] reason: Category mapping file for primary ad server: 'freewheel', publisher: '' not found",
    ],
  );
  assert.equal(r.rejected[0]?.nonBidCode, undefined);
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    bid_id1: '10.00_Electronics_30s',
    bid_id2: '20.00_Sports_50s',
    bid_id3: '20.00_AdapterOverride_30s',
  });
  assert.deepEqual(ids(r.kept), ['bid_id1', 'bid_id2', 'bid_id3']);
  assert.deepEqual(r.warnings, [
    "Unable to find category for adserver 'freewheel', publisherId: '', iab category: 'IAB1-2000'",
  ]);
});

test('TestCategoryMappingNoIncludeBrandCategory: withcategory false → <pb>_<dur>s, no mapping', async () => {
  const settings = testSettings(
    { durationRangeSec: [15, 30, 40, 50] },
    { withCategory: false, primaryAdServer: 0 },
  );
  const r = await run(fourBids(50), settings);
  assert.deepEqual(r.rejected, []);
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    bid_id1: '10.00_30s',
    bid_id2: '20.00_40s',
    bid_id3: '20.00_30s',
    bid_id4: '20.00_50s',
  });
  assert.equal(r.kept.length, 4);
});

test('TestCategoryMappingTranslateCategoriesNil: translation is on by default', async () => {
  const bids = fourBids(30).slice(0, 3);
  const third = bids[2];
  if (third) third.video = { duration: 30, primary_category: '' };
  const r = await run(bids, testSettings({ durationRangeSec: [15, 30, 50] }));
  assert.deepEqual(
    r.rejected.map((x) => x.message),
    [
      "bid rejected [bid ID: bid_id3] reason: Category mapping file for primary ad server: 'freewheel', publisher: '' not found",
    ],
  );
  assert.deepEqual(catDurs(r.hbPbCatDur), { bid_id1: '10.00_Electronics_30s', bid_id2: '20.00_Sports_50s' });
  assert.equal(r.kept.length, 2);
});

test('TestCategoryMappingTranslateCategoriesFalse: the IAB category goes in as it is', async () => {
  const bids = fourBids(30).slice(0, 3);
  const third = bids[2];
  if (third) third.video = { duration: 30, primary_category: '' };
  const settings = testSettings(
    { durationRangeSec: [15, 30, 50] },
    { translateCategories: false, primaryAdServer: 0 },
  );
  const r = await run(bids, settings);
  assert.deepEqual(r.rejected, []);
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    bid_id1: '10.00_IAB1-3_30s',
    bid_id2: '20.00_IAB1-4_50s',
    bid_id3: '20.00_IAB1-1000_30s',
  });
});

const dedupeBids = () => [
  testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-3'], duration: 30 }),
  testBid({ id: 'bid_id2', price: 15, cat: ['IAB1-4'], duration: 50 }),
  testBid({ id: 'bid_id3', price: 20, cat: ['IAB1-3'], duration: 30 }),
  testBid({ id: 'bid_id4', price: 20, cat: ['IAB1-INVALID'], duration: 30 }),
  testBid({ id: 'bid_id5', price: 20, cat: ['IAB1-3'], duration: 30 }),
];

test('TestCategoryDedupe: one bid per category; equal buckets → the boolean decides', async () => {
  const cases = [
    { random: true, kept: ['bid_id2', 'bid_id5'], winner: 'bid_id5', loser: 'bid_id3' },
    { random: false, kept: ['bid_id2', 'bid_id3'], winner: 'bid_id3', loser: 'bid_id5' },
  ];
  for (const c of cases) {
    const r = await run(dedupeBids(), testSettings(), () => c.random);
    assert.deepEqual(ids(r.kept), c.kept);
    assert.deepEqual(catDurs(r.hbPbCatDur), {
      bid_id2: '14.00_Sports_50s',
      [c.winner]: '20.00_Electronics_30s',
    });
    assert.deepEqual(
      r.rejected.map((x) => [x.bidId, x.reason]),
      [
        ['bid_id1', 'Bid was deduplicated'],
        ['bid_id4', "Category mapping file for primary ad server: 'freewheel', publisher: '' not found"],
        [c.loser, 'Bid was deduplicated'],
      ],
    );
  }
});

test('TestNoCategoryDedupe: without category the key is <pb>_<dur>s', async () => {
  const bids = () => [
    testBid({ id: 'bid_id1', price: 14, cat: ['IAB1-3'], duration: 30 }),
    testBid({ id: 'bid_id2', price: 14, cat: ['IAB1-4'], duration: 30 }),
    testBid({ id: 'bid_id3', price: 20, cat: ['IAB1-3'], duration: 30 }),
    testBid({ id: 'bid_id4', price: 20, cat: ['IAB1-2000'], duration: 30 }),
    testBid({ id: 'bid_id5', price: 10, cat: ['IAB1-3'], duration: 30 }),
  ];
  const settings = testSettings({}, { withCategory: false, primaryAdServer: 0 });
  const later = await run(bids(), settings, () => true);
  assert.deepEqual(ids(later.kept), ['bid_id2', 'bid_id4', 'bid_id5']);
  assert.deepEqual(
    later.rejected.map((x) => x.message),
    [
      'bid rejected [bid ID: bid_id1] reason: Bid was deduplicated',
      'bid rejected [bid ID: bid_id3] reason: Bid was deduplicated',
    ],
  );
  assert.deepEqual(catDurs(later.hbPbCatDur), {
    bid_id2: '14.00_30s',
    bid_id4: '20.00_30s',
    bid_id5: '10.00_30s',
  });
  const earlier = await run(bids(), settings, () => false);
  assert.deepEqual(ids(earlier.kept), ['bid_id1', 'bid_id3', 'bid_id5']);
});

test('TestCategoryMappingBidderName: appendbiddernames adds _<seat>', async () => {
  const bids = [
    testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-1'], duration: 30, seat: 'bidder1' }),
    testBid({ id: 'bid_id2', price: 10, cat: ['IAB1-2'], duration: 30, seat: 'bidder2' }),
  ];
  const r = await run(bids, testSettings({ appendBidderNames: true, durationRangeSec: [15, 30] }));
  assert.deepEqual(r.rejected, []);
  assert.deepEqual(catDurs(r.hbPbCatDur), {
    bid_id1: '10.00_VideoGames_30s_bidder1',
    bid_id2: '10.00_HomeDecor_30s_bidder2',
  });
});

test('TestCategoryMappingBidderNameNoCategories: unsorted ranges, closest larger duration', async () => {
  const bids = [
    testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-1'], duration: 17, seat: 'bidder1' }),
    testBid({ id: 'bid_id2', price: 12, cat: ['IAB1-2'], duration: 8, seat: 'bidder2' }),
  ];
  const settings = testSettings(
    { appendBidderNames: true, durationRangeSec: [30, 10, 25, 5, 20, 50] },
    { withCategory: false, primaryAdServer: 0 },
  );
  const r = await run(bids, settings);
  assert.deepEqual(r.rejected, []);
  assert.deepEqual(catDurs(r.hbPbCatDur), { bid_id1: '10.00_20s_bidder1', bid_id2: '12.00_10s_bidder2' });
});

test('TestBidRejectionErrors: each rejection text', async () => {
  const settings = testSettings({ durationRangeSec: [15, 30, 50] });
  const noCat = await run([testBid({ id: 'bid_id1', price: 10, cat: [], duration: 30 })], settings);
  assert.deepEqual(noCat.rejected, [
    {
      bidId: 'bid_id1',
      seat: 'appnexus',
      bidder: 'appnexus',
      reason: 'Bid did not contain a category',
      message: 'bid rejected [bid ID: bid_id1] reason: Bid did not contain a category',
      nonBidCode: 303,
    },
  ]);
  assert.deepEqual(noCat.kept, []);
  const dfp = testSettings(
    { durationRangeSec: [15, 30, 50] },
    { primaryAdServer: 2, publisher: 'some_publisher' },
  );
  const noFile = await run([testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-1'], duration: 30 })], dfp);
  assert.deepEqual(
    noFile.rejected.map((x) => x.message),
    [
      "bid rejected [bid ID: bid_id1] reason: Category mapping file for primary ad server: 'dfp', publisher: 'some_publisher' not found",
    ],
  );
  const tooLong = await run([testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-1'], duration: 70 })], settings);
  assert.deepEqual(
    tooLong.rejected.map((x) => x.message),
    ['bid rejected [bid ID: bid_id1] reason: bid duration exceeds maximum allowed'],
  );
  assert.equal(tooLong.hbPbCatDur.size, 0);
  const same = () => testBid({ id: 'bid_id1', price: 10, cat: ['IAB1-1'], duration: 30 });
  for (const random of [true, false]) {
    const dup = await run([same(), same()], settings, () => random);
    assert.equal(dup.kept.length, 1);
    assert.deepEqual(catDurs(dup.hbPbCatDur), { bid_id1: '10.00_VideoGames_30s' });
    assert.deepEqual(
      dup.rejected.map((x) => x.message),
      ['bid rejected [bid ID: bid_id1] reason: Bid was deduplicated'],
    );
  }
});

test('TestCategoryMappingTwoBiddersOneBidEachNoCategorySamePrice: one survives, the other seat empties', async () => {
  const bids = () => [
    testBid({ id: 'bid_idApn1', price: 10, cat: ['IAB1-3'], duration: 30, seat: 'appnexus1' }),
    testBid({ id: 'bid_idApn2', price: 10, cat: ['IAB1-4'], duration: 30, seat: 'appnexus2' }),
  ];
  const settings = testSettings({ durationRangeSec: [30] }, { withCategory: false });
  for (const [random, survivor, loser] of [
    [true, 'bid_idApn2', 'bid_idApn1'],
    [false, 'bid_idApn1', 'bid_idApn2'],
  ] as const) {
    const r = await run(bids(), settings, () => random);
    assert.deepEqual(ids(r.kept), [survivor]);
    assert.deepEqual([...r.hbPbCatDur.keys()], [survivor]);
    assert.deepEqual(
      r.rejected.map((x) => [x.bidId, x.seat]),
      [[loser, loser === 'bid_idApn1' ? 'appnexus1' : 'appnexus2']],
    );
  }
});

test('TestCategoryMappingTwoBiddersManyBidsEachNoCategorySamePrice: bids leave an earlier seat', async () => {
  const bids = [
    testBid({ id: 'bid_idApn1_1', price: 10, cat: ['IAB1-3'], duration: 30, seat: 'appnexus1' }),
    testBid({ id: 'bid_idApn1_2', price: 20, cat: ['IAB1-3'], duration: 30, seat: 'appnexus1' }),
    testBid({ id: 'bid_idApn2_1', price: 10, cat: ['IAB1-4'], duration: 30, seat: 'appnexus2' }),
    testBid({ id: 'bid_idApn2_2', price: 20, cat: ['IAB1-4'], duration: 30, seat: 'appnexus2' }),
  ];
  const random = scripted(true);
  const r = await run(bids, testSettings({ durationRangeSec: [30] }, { withCategory: false }), random.next);
  assert.deepEqual(ids(r.kept), ['bid_idApn2_1', 'bid_idApn2_2']);
  assert.deepEqual(
    r.rejected.map((x) => x.message),
    [
      'bid rejected [bid ID: bid_idApn1_1] reason: Bid was deduplicated',
      'bid rejected [bid ID: bid_idApn1_2] reason: Bid was deduplicated',
    ],
  );
  assert.equal(random.calls(), 2);
});
