// POST /openrtb2/video with category mapping (issue 19): what the built auction request carries
// (G createBidExtension), and adPods read from the auction's targeting — translated categories,
// competitive separation, duration buckets, appendbiddernames, deals, exact durations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bid } from '../../openrtb/types.js';
import { auctionExt } from './build-request.js';
import { podTargetingOf } from './response.js';
import { POD_VIDEO, categoryDir, inlineVast, podApp, podBidder, type PodAnswer } from './video.testkit.js';

interface Out {
  adPods: { podid: number; targeting: Record<string, string>[]; errors?: unknown }[];
  ext?: { errors?: Record<string, { code: number; message: string }[]> };
}

const STORED = { pod: { ext: { alpha: {}, beta: {} } } };
const FREEWHEEL = { freewheel: { freewheel: { 'IAB2-1': '399', 'IAB2-3': '399', 'IAB1-6': '392' } } };

function request(podconfig: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return Object.assign({ site: { page: 'https://tv.example/show' }, video: POD_VIDEO, podconfig }, extra);
}

const pod60 = (requireexactduration: boolean) => ({
  durationrangesec: [15, 30],
  requireexactduration,
  pods: [{ podid: 1, adpoddurationsec: 60, configid: 'pod' }],
});

/** Answers from a table `<bidder> <impid>` → bid fields; the VAST names the bid. */
function table(rows: Record<string, Partial<Bid>>): PodAnswer {
  return (impId, bidder) => {
    const row = rows[`${bidder} ${impId}`];
    return row && Object.assign({ adm: inlineVast(`${bidder}-${impId}`, row.dur ?? 30) }, row);
  };
}

const byValue = (t: Record<string, string>[]) =>
  [...t].sort((a, b) => (a['hb_pb_cat_dur'] ?? '').localeCompare(b['hb_pb_cat_dur'] ?? ''));

test('auctionExt: G createBidExtension — brand category forced to withcategory, ranges unless exact', () => {
  const full = auctionExt({
    podconfig: { durationrangesec: [15, 30], requireexactduration: false, pods: [] },
    includebrandcategory: { primaryadserver: 2, publisher: 'acme', translatecategories: false },
    appendbiddernames: true,
    pricegranularity: { precision: 2, ranges: [{ max: 20, increment: 0.5 }] },
    supportdeals: true,
  });
  assert.deepEqual(full, {
    cache: { vastxml: {} },
    targeting: {
      includebidderkeys: true,
      pricegranularity: { precision: 2, ranges: [{ max: 20, increment: 0.5 }] },
      includebrandcategory: {
        primaryadserver: 2,
        publisher: 'acme',
        withcategory: true,
        translatecategories: false,
      },
      durationrangesec: [15, 30],
      appendbiddernames: true,
    },
    supportdeals: true,
  });
  const bare = auctionExt({ podconfig: { durationrangesec: [15, 30], requireexactduration: true } });
  assert.deepEqual(bare, {
    cache: { vastxml: {} },
    targeting: { includebidderkeys: true, includebrandcategory: { withcategory: false } },
  });
});

test('adPods: translated categories, one bid per category, durations bucketed, bidder names appended, deals', async () => {
  const mapping = categoryDir(FREEWHEEL);
  const pa = await podApp({
    bidders: [podBidder('alpha'), podBidder('beta')],
    storedImps: STORED,
    categoriesDir: mapping.dir,
    answer: table({
      'alpha 1_0': { price: 12.35, cat: ['IAB2-1'], dur: 28 },
      'alpha 1_1': { price: 5, cat: ['IAB1-2000'], dur: 15 },
      'alpha 1_2': { price: 7, cat: ['IAB1-6'], dur: 45 },
      'beta 1_0': { price: 9.8, cat: ['IAB2-3'], dur: 15 },
      'beta 1_1': { price: 8, cat: ['IAB1-6'], dur: 20, dealid: 'D-1' },
    }),
  });
  try {
    const res = await pa.post(
      request(pod60(false), {
        includebrandcategory: { primaryadserver: 1, publisher: '' },
        appendbiddernames: true,
        test: 1,
      }),
    );
    assert.equal(res.statusCode, 200, res.body);
    // Bidders see only includebrandcategory of the targeting (G buildRequestExtForBidder).
    const sent = JSON.parse(pa.transport.sent[0]?.body ?? '{}') as { ext: { core: { targeting: unknown } } };
    assert.deepEqual(sent.ext.core.targeting, {
      includebrandcategory: { primaryadserver: 1, withcategory: true },
    });
    const out = res.json<Out>();
    assert.equal(out.adPods.length, 1);
    const targeting = byValue(out.adPods[0]?.targeting ?? []);
    assert.deepEqual(
      targeting.map(({ hb_cache_id: _id, ...rest }) => rest),
      [
        { hb_pb: '12.30', hb_pb_cat_dur: '12.30_399_30s_alpha' },
        { hb_pb: '8.00', hb_pb_cat_dur: '8.00_392_30s_beta', hb_deal: 'D-1' },
      ],
    );
    // Each hb_cache_id names the cached VAST of its own bid.
    const cached = targeting.map((t) => String(pa.cache.stored.get(t['hb_cache_id'] ?? '')?.value));
    assert.match(cached[0] ?? '', /<Ad id="alpha-1_0">/);
    assert.match(cached[1] ?? '', /<Ad id="beta-1_1">/);
    const lines = (out.ext?.errors?.['core'] ?? []).map((e) => e.message);
    for (const line of [
      "bid rejected [bid ID: alpha-1_1] reason: Category mapping file for primary ad server: 'freewheel', publisher: '' not found",
      'bid rejected [bid ID: alpha-1_2] reason: bid duration exceeds maximum allowed',
      'bid rejected [bid ID: beta-1_0] reason: Bid was deduplicated',
    ])
      assert.ok(lines.includes(line), `${line} in ${JSON.stringify(lines)}`);
  } finally {
    await pa.app.closeResources();
    mapping.remove();
  }
});

test('adPods without includebrandcategory: `<pb>_<dur>s`, one bid per value, no mapping files read', async () => {
  const pa = await podApp({
    bidders: [podBidder('alpha'), podBidder('beta')],
    storedImps: STORED,
    answer: table({
      'alpha 1_0': { price: 5, cat: ['IAB1'], dur: 30 },
      'beta 1_0': { price: 5.05, dur: 25 },
      'alpha 1_1': { price: 6, dur: 10 },
    }),
  });
  try {
    const res = await pa.post(request(pod60(false)));
    assert.equal(res.statusCode, 200, res.body);
    const values = (res.json<Out>().adPods[0]?.targeting ?? []).map((t) => t['hb_pb_cat_dur']).sort();
    // 5.00 and 5.05 share the bucket 5.00 and the range 30 s: one of them survives (G: a coin flip).
    assert.deepEqual(values, ['5.00_30s', '6.00_15s']);
  } finally {
    await pa.app.closeResources();
  }
});

test('requireexactduration: bids keep their own duration; a declared duration outside the list is not offered', async () => {
  const pa = await podApp({
    bidders: [podBidder('alpha')],
    storedImps: STORED,
    answer: table({
      'alpha 1_0': { price: 1, dur: 15 },
      'alpha 1_1': { price: 2, dur: 18 },
      'alpha 1_2': { price: 3, dur: 30 },
      'alpha 1_3': { price: 4, adm: inlineVast('no-duration', 30) },
    }),
  });
  try {
    const res = await pa.post(request(pod60(true)));
    assert.equal(res.statusCode, 200, res.body);
    const sent = JSON.parse(pa.transport.sent[0]?.body ?? '{}') as {
      imp: { video: { minduration: number } }[];
    };
    assert.deepEqual(
      sent.imp.map((i) => i.video.minduration),
      [15, 15, 30, 30],
    );
    const values = (res.json<Out>().adPods[0]?.targeting ?? []).map((t) => t['hb_pb_cat_dur']).sort();
    // 18 s is refused (contract duration rule 2); a bid without a duration counts as 0 s (G).
    assert.deepEqual(values, ['1.00_15s', '3.00_30s', '4.00_0s']);
  } finally {
    await pa.app.closeResources();
  }
});

test('an unknown primaryadserver fails the request once bids came back: 400 (G: 500 Critical error)', async () => {
  const mapping = categoryDir(FREEWHEEL);
  const pa = await podApp({
    bidders: [podBidder('alpha')],
    storedImps: STORED,
    categoriesDir: mapping.dir,
    answer: table({ 'alpha 1_0': { price: 1, cat: ['IAB2-1'], dur: 15 } }),
  });
  try {
    const res = await pa.post(request(pod60(false), { includebrandcategory: { primaryadserver: 3 } }));
    assert.equal(res.statusCode, 400);
    assert.equal(
      res.body,
      'Invalid request: Error in category mapping : Primary ad server 3 not recognized\n',
    );
  } finally {
    await pa.app.closeResources();
    mapping.remove();
  }
});

test('podTargetingOf: bidder keys of the seat (or multibid code), cut to 20 characters; no VAST id → none', () => {
  const bid = (targeting: Record<string, string>, extra: Record<string, unknown> = {}): Bid => ({
    id: 'b',
    impid: '1_0',
    price: 1,
    ext: { core: Object.assign({ targeting }, extra) },
  });
  const o = { ns: 'core' as const, prefix: 'hb' };
  const long = bid({
    hb_pb: '9.00',
    hb_pb_longbidder: '1.00',
    hb_pb_cat_dur_longbi: '1.00_399_30s',
    hb_uuid_longbidder: 'u1',
    hb_deal_longbidder: 'd',
  });
  assert.deepEqual(podTargetingOf(long, 'longbidder', o), {
    hb_pb: '1.00',
    hb_pb_cat_dur: '1.00_399_30s',
    hb_cache_id: 'u1',
    hb_deal: 'd',
  });
  const extra = bid({ hb_pb_pm2: '2.00', hb_uuid_pm2: 'u2' }, { targetbiddercode: 'pm2' });
  assert.deepEqual(podTargetingOf(extra, 'pubmatic', o), { hb_pb: '2.00', hb_cache_id: 'u2' });
  assert.equal(podTargetingOf(bid({ hb_pb_alpha: '1.00', hb_cache_id_alpha: 'j' }), 'alpha', o), undefined);
});
