// POST /openrtb2/video bounds (chaos findings video-pod-oom, video-deep-json): a pod making more imps
// than video.max-imps and a body nested too deep are 400s naming the field, never a 500 or an OOM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { POD_VIDEO, podApp, podBidder } from './video.testkit.js';
import { podSlotCount } from './pods.js';
import { MAX_VIDEO_JSON_DEPTH, tooDeepField } from './json-depth.js';

const STORED = { pod: { ext: { alpha: {} } } };

function videoBody(podconfig: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return Object.assign({ site: { page: 'https://tv.example/show' }, video: POD_VIDEO, podconfig }, extra);
}

const podsOf = (...durations: number[]) =>
  durations.map((d, i) => ({ podid: i + 1, adpoddurationsec: d, configid: 'pod' }));

test('podSlotCount: duration over the shortest allowed one, at least one per duration when exact', () => {
  const pc = { durationrangesec: [30, 15], requireexactduration: false };
  assert.equal(podSlotCount({ adpoddurationsec: 60 }, pc), 4);
  assert.equal(podSlotCount({ adpoddurationsec: 10 }, pc), 2);
  assert.equal(podSlotCount({ adpoddurationsec: 3_000_000 }, pc), 200_000);
  assert.equal(
    podSlotCount({ adpoddurationsec: 15 }, { durationrangesec: [5, 10, 15, 20], requireexactduration: true }),
    4,
  );
});

test('a pod of 3,000,000 s (200,000 slots) or 1e9 s → 400 naming its adpoddurationsec', async () => {
  const pa = await podApp({
    bidders: [podBidder('alpha')],
    answer: () => undefined,
    storedImps: STORED,
  });
  try {
    for (const big of [3_000_000, 1_000_000_000, Number.MAX_SAFE_INTEGER]) {
      const res = await pa.post(videoBody({ durationrangesec: [15, 30], pods: podsOf(60, big) }));
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.body, /request\.podconfig\.pods\[1\]\.adpoddurationsec/);
      assert.match(res.body, /video\.max-imps/);
    }
    assert.equal(pa.transport.sent.length, 0);
  } finally {
    await pa.app.closeResources();
  }
});

test('video.max-imps bounds the imps of all pods together; at the bound the auction runs', async () => {
  const pa = await podApp({
    bidders: [podBidder('alpha')],
    answer: () => undefined,
    storedImps: STORED,
    config: { video: { 'max-imps': 8 } },
  });
  try {
    const ok = await pa.post(videoBody({ durationrangesec: [15], pods: podsOf(60, 60) }));
    assert.equal(ok.statusCode, 200, ok.body);
    const over = await pa.post(videoBody({ durationrangesec: [15], pods: podsOf(60, 60, 15) }));
    assert.equal(over.statusCode, 400);
    assert.match(over.body, /request\.podconfig\.pods\[2\]\.adpoddurationsec: the pods make 9 imps so far/);
    // A pod dropped for another reason (no configid) does not count.
    const dropped = await pa.post(
      videoBody({ durationrangesec: [15], pods: [...podsOf(60), { podid: 9, adpoddurationsec: 9e9 }] }),
    );
    assert.equal(dropped.statusCode, 200, dropped.body);
  } finally {
    await pa.app.closeResources();
  }
});

test('tooDeepField: the first field nested deeper than the bound, by path', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = { a: v };
    return v;
  };
  assert.equal(tooDeepField({ site: { page: 'p' }, user: { ext: nest(10) } }, 20), undefined);
  assert.equal(tooDeepField({ user: { ext: nest(30) } }, 20), 'user.ext.a.a.a.a');
  assert.equal(
    tooDeepField({ podconfig: { durationrangesec: [[[[[[[]]]]]]] } }, 4),
    'podconfig.durationrangesec[0][0]',
  );
});

test('a body nested 20,000 deep (with or without a stored request) → 400 naming the field', async () => {
  const { app } = await podApp({
    bidders: [podBidder('alpha')],
    answer: () => undefined,
    storedImps: STORED,
    storedRequests: { req: { site: { page: 'https://tv.example/stored' } } },
  });
  const deep = (kind: 'array' | 'object', n: number) =>
    kind === 'array' ? '['.repeat(n) + ']'.repeat(n) : '{"a":'.repeat(n) + '1' + '}'.repeat(n);
  try {
    for (const kind of ['array', 'object'] as const)
      for (const stored of ['"storedrequestid":"req",', '']) {
        const payload =
          `{${stored}"site":{"page":"https://a.example"},"video":${JSON.stringify(POD_VIDEO)},` +
          `"podconfig":{"durationrangesec":${deep(kind, 20_000)},"pods":${JSON.stringify(podsOf(30))}}}`;
        const res = await app.publicApp.inject({
          method: 'POST',
          url: '/openrtb2/video',
          payload,
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(res.statusCode, 400, res.body.slice(0, 200));
        assert.match(
          res.body,
          /request\.podconfig\.durationrangesec\S* is nested more than 1000 levels deep/,
        );
      }
    // At the bound a deep (ignored) field is still accepted and merged.
    const payload =
      `{"storedrequestid":"req","video":${JSON.stringify(POD_VIDEO)},"user":{"ext":{"x":${deep('object', MAX_VIDEO_JSON_DEPTH - 4)}}},` +
      `"podconfig":{"durationrangesec":[15],"pods":${JSON.stringify(podsOf(30))}}}`;
    const atBound = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/video',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(atBound.statusCode, 200, atBound.body.slice(0, 300));
  } finally {
    await app.closeResources();
  }
});
