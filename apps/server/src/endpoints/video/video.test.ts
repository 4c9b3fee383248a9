// POST /openrtb2/video: validation messages, pods → imps, and one auction through createApp with a
// scripted video bidder and a cache stub (inject).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';
import type { CacheTransport } from '../../cache-client/cache-client.js';
import { validateVideoRequest } from './validate.js';
import { podDuration, podImps } from './pods.js';
import { categoryDir } from './video.testkit.js';

const video = { w: 640, h: 480, mimes: ['video/mp4'], protocols: [2, 3] };
const VAST = '<VAST version="3.0"><Ad id="v"><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>';

function body(extra: Record<string, unknown> = {}) {
  return {
    storedrequestid: 'vreq',
    podconfig: {
      durationrangesec: [15, 30],
      requireexactduration: false,
      pods: [
        { podid: 1, adpoddurationsec: 60, configid: 'cfg' },
        { podid: 2, adpoddurationsec: 30, configid: 'missing' },
      ],
    },
    video,
    ...extra,
  };
}

/** Requests with one request-level problem each, and G's message for it. */
function requestLevelCases(): [Record<string, unknown>, string][] {
  return [
    [{ ...body(), podconfig: {} }, 'request missing required field: PodConfig.DurationRangeSec'],
    [
      { ...body(), podconfig: { durationrangesec: [0, 15] } },
      'duration array cannot contain negative or zero values (request.podconfig.durationrangesec)',
    ],
    [{ ...body(), podconfig: { durationrangesec: [15] } }, 'request missing required field: PodConfig.Pods'],
    [body(), 'request missing required field: site or app'],
    [
      body({ site: { page: 'p' }, app: { id: 'a' } }),
      'request.site or request.app must be defined, but not both',
    ],
    [body({ site: {} }), 'request.site missing required field: id or page'],
    [body({ site: { page: 'p' }, video: undefined }), 'request missing required field: Video'],
    [
      body({ site: { page: 'p' }, video: { ...video, mimes: [' '] } }),
      'request missing required field: Video.Mimes, mime types contains empty strings only',
    ],
    [
      body({ site: { page: 'p' }, video: { ...video, protocols: [] } }),
      'request missing required field: Video.Protocols',
    ],
  ];
}

test('validation: G messages for request-level problems; bad pods are dropped, all bad → error', () => {
  const opts = { storedRequestRequired: false };
  for (const [b, message] of requestLevelCases()) {
    const out = validateVideoRequest(b, opts);
    assert.ok(!out.ok, message);
    assert.deepEqual(out.errors, [message]);
  }
  const required = validateVideoRequest(
    { ...body({ site: { page: 'p' } }), storedrequestid: undefined },
    { storedRequestRequired: true },
  );
  assert.ok(!required.ok);
  const pods = [
    { podid: 1, adpoddurationsec: 30, configid: 'a' },
    { podid: 1, adpoddurationsec: 30, configid: 'a' },
    { podid: 0, adpoddurationsec: -5, configid: '' },
  ];
  const some = validateVideoRequest(
    body({ site: { page: 'p' }, podconfig: { durationrangesec: [15], pods } }),
    opts,
  );
  assert.ok(some.ok);
  assert.equal(some.podconfig.pods.length, 1);
  assert.deepEqual(some.podErrors[0]?.messages, [
    'request duplicated required field: PodConfig.Pods.PodId, Pod id: 1',
  ]);
  assert.deepEqual(some.podErrors[1]?.messages, [
    'request missing required field: PodConfig.Pods.PodId, Pod index: 2',
    'request incorrect required field: PodConfig.Pods.AdPodDurationSec is negative, Pod index: 2',
    'request missing or incorrect required field: PodConfig.Pods.ConfigId, Pod index: 2',
  ]);
  const none = validateVideoRequest(
    body({ site: { page: 'p' }, podconfig: { durationrangesec: [15], pods: [pods[2]] } }),
    opts,
  );
  assert.ok(!none.ok);
  assert.match(
    none.errors[0] ?? '',
    /^all pods are incorrect: request missing required field: PodConfig.Pods.PodId, Pod index: 0, /,
  );
});

test('pods → imps: exact durations spread over the slots; otherwise maxduration = the longest; duration rules', () => {
  const exact = { durationrangesec: [15, 30], requireexactduration: true, pods: [] };
  const imps = podImps({ podid: 1, adpoddurationsec: 180, configid: 'c' }, exact, { ext: { x: 1 } }, video);
  assert.equal(imps.length, 12);
  assert.deepEqual([imps[0]?.id, imps[0]?.video?.minduration, imps[0]?.video?.maxduration], ['1_0', 15, 15]);
  assert.deepEqual([imps[6]?.id, imps[6]?.video?.minduration, imps[6]?.video?.maxduration], ['1_6', 30, 30]);
  assert.deepEqual(imps[0]?.ext, { x: 1 });
  const loose = { ...exact, requireexactduration: false };
  const slots = podImps({ podid: 2, adpoddurationsec: 50, configid: 'c' }, loose, {}, video);
  assert.equal(slots.length, 3);
  assert.equal(slots[2]?.video?.maxduration, 30);
  assert.equal(slots[2]?.video?.minduration, undefined);
  assert.equal(podDuration(10, loose), 15);
  assert.equal(podDuration(18, loose), 30);
  assert.equal(podDuration(31, loose), undefined);
  assert.equal(podDuration(15, exact), 15);
  assert.equal(podDuration(18, exact), undefined);
});

/** Bid i on imp i: price 2 + i, category IAB<i+1>; stored request `vreq`, stored imp `cfg` (alpha). */
async function alphaApp(o: { cacheTransport: CacheTransport; config?: Record<string, unknown> }) {
  const transport = scriptedTransport((req) => {
    const r = JSON.parse(req.body ?? '{}') as { id: string; imp: { id: string }[] };
    const bids = r.imp.map((imp, i) => ({
      id: `b${i}`,
      impid: imp.id,
      price: 2 + i,
      mtype: 2,
      adm: VAST,
      cat: [`IAB${i + 1}`],
    }));
    return jsonResponse(200, { id: r.id, cur: 'USD', seatbid: [{ bid: bids }] });
  });
  const stored = createMemorySource({
    request: { vreq: JSON.stringify({ site: { page: 'https://tv.example' } }) },
    imp: { cfg: JSON.stringify({ ext: { alpha: { zone: 1 } } }) },
  });
  const config = {
    bidders: { alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['video'] } } },
  };
  const app = await buildTestApp(testConfig(Object.assign(config, o.config)), {
    transport,
    cacheTransport: o.cacheTransport,
    storedSources: [stored],
  });
  return { app, transport };
}

const numberedCache: CacheTransport = async (b) => {
  const n = (JSON.parse(b) as { puts: unknown[] }).puts.length;
  return {
    status: 200,
    body: JSON.stringify({ responses: Array.from({ length: n }, (_v, i) => ({ uuid: `v${i}` })) }),
  };
};

test('POST /openrtb2/video: stored request merged, one imp per slot, adPods with cached VAST ids and translated categories; bad pods reported', async () => {
  // IAB4 has no mapping: that bid is dropped (G "Category mapping file ... not found").
  const mapping = categoryDir({ freewheel: { freewheel: { IAB1: '395', IAB2: '399', IAB3: '401' } } });
  const { app, transport } = await alphaApp({
    cacheTransport: numberedCache,
    config: { 'category-mapping': { dir: mapping.dir } },
  });
  try {
    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/video',
      payload: body({ tmax: 400, includebrandcategory: { primaryadserver: 1, publisher: '' } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.body));
    const sent = JSON.parse(transport.sent[0]?.body ?? '{}') as {
      imp: { id: string; video: { maxduration: number } }[];
      site: { page: string };
    };
    assert.deepEqual(
      sent.imp.map((i) => i.id),
      ['1_0', '1_1', '1_2', '1_3'],
    );
    assert.equal(sent.imp[0]?.video.maxduration, 30);
    assert.equal(sent.site.page, 'https://tv.example');
    const out = res.json<{
      adPods: { podid: number; targeting: Record<string, string>[]; errors?: unknown }[];
    }>();
    assert.equal(out.adPods.length, 2);
    assert.equal(out.adPods[0]?.podid, 1);
    // The generic adapter reports no duration: G counts it as 0 s, i.e. the shortest range (15 s).
    assert.deepEqual(out.adPods[0]?.targeting, [
      { hb_pb: '2.00', hb_pb_cat_dur: '2.00_395_15s', hb_cache_id: 'v0' },
      { hb_pb: '3.00', hb_pb_cat_dur: '3.00_399_15s', hb_cache_id: 'v1' },
      { hb_pb: '4.00', hb_pb_cat_dur: '4.00_401_15s', hb_cache_id: 'v2' },
    ]);
    assert.deepEqual(out.adPods[1], {
      podid: 2,
      targeting: [],
      errors: { core: [{ code: 2, message: 'unable to load configid missing, Pod id: 2' }] },
    });
  } finally {
    await app.closeResources();
    mapping.remove();
  }
});

test('POST /openrtb2/video: bad tmax and an unknown stored request → 400 lines (G: 500)', async () => {
  const { app } = await alphaApp({ cacheTransport: numberedCache });
  try {
    const post = (payload: Record<string, unknown>) =>
      app.publicApp.inject({ method: 'POST', url: '/openrtb2/video', payload });
    const bad = await post(body({ tmax: -2 }));
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.body, 'Invalid request: request.tmax must be nonnegative. Got -2\n');
    const unknown = await post(body({ storedrequestid: 'nope' }));
    assert.equal(unknown.statusCode, 400);
    assert.equal(
      unknown.body,
      'Invalid request: Stored Request with ID="nope" not found. (request.storedrequestid)\n',
    );
  } finally {
    await app.closeResources();
  }
});

test('POST /openrtb2/video with video.enabled false → 501', async () => {
  const app = await buildTestApp(testConfig({ video: { enabled: false } }));
  try {
    const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/video', payload: body() });
    assert.equal(res.statusCode, 501);
    assert.match(res.body, /video\.enabled/);
  } finally {
    await app.closeResources();
  }
});

test('POST /openrtb2/video: a failed cache call leaves the pods empty with the auction errors', async () => {
  // Prices 2..5 without categories: distinct `<pb>_<dur>s` values, so none is de-duplicated.
  const { app } = await alphaApp({ cacheTransport: async () => ({ status: 500, body: 'down' }) });
  try {
    const payload = { ...body({ site: { page: 'https://tv.example' } }), storedrequestid: undefined };
    const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/video', payload });
    assert.equal(res.statusCode, 200, res.body);
    const pod = res.json<{ adPods: { targeting: unknown[]; errors?: Record<string, unknown[]> }[] }>()
      .adPods[0];
    assert.deepEqual(pod?.targeting, []);
    assert.equal(pod?.errors?.['core']?.length, 1, res.body);
  } finally {
    await app.closeResources();
  }
});
