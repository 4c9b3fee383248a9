import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidderRequestPayload } from '../types.js';
import { ortb2BlockingModule } from './module.js';
import { applyChanges, BIDDER, frozen, invocation, request, TEST_CONFIG } from './ortb2blocking.testkit.js';
import type { BidRequest } from '../../openrtb/types.js';

const hook = ortb2BlockingModule.hooks.bidder_request!['ortb2blocking-bidder-request']!;

async function run(config: Record<string, unknown> | undefined, req: BidRequest, bidder = BIDDER) {
  const payload: BidderRequestPayload = frozen({ bidder, request: req });
  const result = await hook(payload, invocation(config));
  return { result, request: applyChanges(payload, result).request };
}

test('G: payload changed after a successful hook run (overrides by bidder and media type)', async () => {
  const req = request({
    imp: [
      { id: 'ImpID1', audio: {}, banner: {}, native: {}, video: {} },
      { id: 'ImpID2', audio: {}, banner: {} },
    ],
  });
  const { result, request: out } = await run(TEST_CONFIG, req);
  assert.deepEqual(out.badv, ['a.com', 'b.com']);
  assert.deepEqual(out['bapp'], ['app3'], 'the first bidder-specific override wins');
  assert.deepEqual(out.bcat, ['IAB-1', 'IAB-2', 'IAB-3', 'IAB-4']);
  assert.equal(out['cattax'], 6);
  for (const imp of out.imp) {
    assert.deepEqual(imp.banner, { btype: [3, 4, 5], battr: [1, 8, 9, 10] });
    assert.deepEqual(imp.audio, {});
  }
  assert.deepEqual(result.warnings, [
    'More than one condition matches request. Bidder: appnexus, request media types: audio, banner, native, video',
    'More than one condition matches request. Bidder: appnexus, request media types: audio, banner, native, video',
  ]);
  assert.deepEqual(
    result.changeSet!.map((m) => m.key.join('.')),
    [
      'bidrequest.badv',
      'bidrequest.bapp',
      'bidrequest.bcat',
      'bidrequest.imp.banner.btype',
      'bidrequest.imp.banner.battr',
      'bidrequest.cattax',
    ],
  );
  assert.ok(result.changeSet!.every((m) => m.type === 'update'));
  assert.deepEqual(result.moduleContext, {
    appnexus: {
      badv: ['a.com', 'b.com'],
      bapp: ['app3'],
      bcat: ['IAB-1', 'IAB-2', 'IAB-3', 'IAB-4'],
      btype: { ImpID1: [3, 4, 5], ImpID2: [3, 4, 5] },
      battr: { banner: { ImpID1: [1, 8, 9, 10], ImpID2: [1, 8, 9, 10] }, video: {}, audio: {} },
      cattax: 6,
    },
  });
});

test('G: default values are used when no override matches', async () => {
  const config = {
    attributes: {
      badv: {
        enforce_blocks: true,
        block_unknown_adomain: true,
        blocked_adomain: ['a.com', 'b.com', 'c.com'],
      },
    },
  };
  const { result, request: out } = await run(config, request({ imp: [{ id: 'ImpID1', audio: {} }] }));
  assert.deepEqual(out, request({ badv: ['a.com', 'b.com', 'c.com'], imp: [{ id: 'ImpID1', audio: {} }] }));
  assert.equal(result.warnings, undefined);
  assert.deepEqual((result.moduleContext!['appnexus'] as { badv: string[] }).badv, [
    'a.com',
    'b.com',
    'c.com',
  ]);
});

test('G: fields the request already carries are left alone', async () => {
  const req = request({
    badv: ['existing.com'],
    bapp: ['existingApp', 'existingApp2'],
    bcat: ['Existing-IAB-1', 'Existing-IAB-2'],
    cattax: 1,
    imp: [{ id: 'ImpID1', audio: {}, banner: { btype: [1], battr: [14] }, native: {}, video: {} }],
  });
  const { result, request: out } = await run(TEST_CONFIG, req);
  assert.deepEqual(out, req);
  assert.equal(result.changeSet, undefined);
  // Gavel: the request's own taxonomy is remembered for the response check (G keeps the default).
  assert.deepEqual(result.moduleContext, {
    appnexus: { battr: { banner: {}, video: {}, audio: {} }, cattax: 1 },
  });
});

test('G: an empty config changes nothing but still records the bidder', async () => {
  const req = request({ badv: ['a.com', 'c.com'], imp: [{ id: 'ImpID1', video: {} }] });
  const { result, request: out } = await run({}, req);
  assert.deepEqual(out, req);
  assert.equal(result.changeSet, undefined);
  assert.ok(result.moduleContext?.['appnexus']);
});

test('G: no account config gives an empty result', async () => {
  const { result } = await run(undefined, request({ imp: [{ id: 'ImpID1', video: {} }] }));
  assert.deepEqual(result, {});
});

test('bad config types are errors naming the key, never thrown', async () => {
  const cases: Array<[unknown, string]> = [
    [
      { attributes: { badv: { enforce_blocks: 'yes' } } },
      'attributes.badv.enforce_blocks: expected a boolean',
    ],
    [
      { attributes: { bcat: { blocked_adv_cat: ['IAB-1', 2] } } },
      'attributes.bcat.blocked_adv_cat[1]: expected a string',
    ],
    [
      { attributes: { battr: { blocked_video_attr: [1.5] } } },
      'attributes.battr.blocked_video_attr[0]: expected an integer',
    ],
    [
      { attributes: { bcat: { category_taxonomy: '6' } } },
      'attributes.bcat.category_taxonomy: expected an integer',
    ],
    [{ attributes: [] }, 'attributes: expected an object'],
    [
      { attributes: { bapp: { action_overrides: { blocked_app: {} } } } },
      'attributes.bapp.action_overrides.blocked_app: expected an array',
    ],
    [
      {
        attributes: {
          badv: {
            action_overrides: {
              blocked_adomain: [{ conditions: { bidders: ['x'] }, override: ['a', null] }],
            },
          },
        },
      },
      'attributes.badv.action_overrides.blocked_adomain[0].override[1]: expected a string or an integer',
    ],
  ];
  for (const [config, message] of cases) {
    const { result } = await run(
      config as Record<string, unknown>,
      request({ imp: [{ id: 'i', banner: {} }] }),
    );
    assert.deepEqual(result, { errors: [`failed to parse config: ${message}`] });
  }
});

test('G: a payload without a bid request is an error', async () => {
  const result = await hook(
    { bidder: BIDDER, request: undefined as unknown as BidRequest },
    invocation(TEST_CONFIG),
  );
  assert.deepEqual(result, { errors: ['payload contains a nil bid request'] });
});

test('G: conditions without bidders and media_types are errors, per field', async () => {
  const absent = 'bidders and media_types absent from conditions, at least one of the fields must be present';
  const cases: Array<[string, string, string]> = [
    [
      'badv',
      'blocked_adomain',
      `failed to update badv field: failed to get override for badv.blocked_adomain: ${absent}`,
    ],
    [
      'bapp',
      'blocked_app',
      `failed to update bapp field: failed to get override for bapp.blocked_app: ${absent}`,
    ],
    [
      'bcat',
      'blocked_adv_cat',
      `failed to update bcat field: failed to get override for bcat.blocked_adv_cat: ${absent}`,
    ],
    [
      'btype',
      'blocked_banner_type',
      `failed to update btype field: failed to get override for imp.*.banner.btype: ${absent}`,
    ],
    [
      'battr',
      'blocked_banner_attr',
      `failed to update battr field: failed to get override for imp.*.banner.battr: ${absent}`,
    ],
    [
      'battr',
      'blocked_audio_attr',
      `failed to update battr field: failed to get override for imp.*.audio.battr: ${absent}`,
    ],
  ];
  for (const [attribute, key, message] of cases) {
    const config = { attributes: { [attribute]: { action_overrides: { [key]: [{ conditions: {} }] } } } };
    const req = request({ imp: [{ id: 'ImpID1', video: {} }] });
    const { result, request: out } = await run(config, req);
    assert.deepEqual(result, { errors: [message] });
    assert.deepEqual(out, req);
  }
});

test('G: an empty override list is an error', async () => {
  const names = {
    attributes: {
      badv: {
        action_overrides: { blocked_adomain: [{ conditions: { bidders: ['appnexus'] }, override: {} }] },
      },
    },
  };
  assert.deepEqual((await run(names, request({}))).result, {
    errors: [
      'failed to update badv field: failed to get override for badv.blocked_adomain: empty override field',
    ],
  });
  const ids = {
    attributes: {
      battr: {
        action_overrides: { blocked_banner_attr: [{ conditions: { bidders: ['appnexus'] }, override: {} }] },
      },
    },
  };
  assert.deepEqual((await run(ids, request({ imp: [{ id: 'ImpID1', video: {} }] }))).result, {
    errors: [
      'failed to update battr field: failed to get override for imp.*.banner.battr: empty override field',
    ],
  });
});

test('G TestUpdateBAttr_DoesNotCreateMediaTypeObjects: battr only where the media object exists', async () => {
  const config = {
    attributes: {
      battr: { blocked_banner_attr: [1, 2, 3], blocked_video_attr: [4, 5, 6], blocked_audio_attr: [7, 8, 9] },
    },
  };
  const req = request({
    imp: [
      { id: 'imp-video-only', video: { w: 640, h: 480 } },
      { id: 'imp-audio-only', audio: {} },
    ],
  });
  const { result, request: out } = await run(config, req, 'test-bidder');
  assert.deepEqual(
    result.changeSet!.map((m) => m.key.join('.')),
    ['bidrequest.imp.video.battr', 'bidrequest.imp.audio.battr'],
  );
  assert.deepEqual(out.imp, [
    { id: 'imp-video-only', video: { w: 640, h: 480, battr: [4, 5, 6] } },
    { id: 'imp-audio-only', audio: { battr: [7, 8, 9] } },
  ]);
});

test('G TestUpdateBAttr_AppliesOnlyToExistingMediaTypes and TestUpdateBType_DoesNotCreateBannerObjects', async () => {
  const config = {
    attributes: {
      btype: { blocked_banner_type: [1, 2, 3] },
      battr: { blocked_banner_attr: [1, 2], blocked_video_attr: [3, 4], blocked_audio_attr: [5, 6] },
    },
  };
  const req = request({
    imp: [
      { id: 'imp-banner-only', banner: { w: 300, h: 250 } },
      { id: 'imp-mixed', banner: { w: 728, h: 90 }, video: { w: 640, h: 480 } },
      { id: 'imp-video-only', video: {} },
    ],
  });
  const { result, request: out } = await run(config, req, 'test-bidder');
  assert.deepEqual(out.imp, [
    { id: 'imp-banner-only', banner: { w: 300, h: 250, btype: [1, 2, 3], battr: [1, 2] } },
    {
      id: 'imp-mixed',
      banner: { w: 728, h: 90, btype: [1, 2, 3], battr: [1, 2] },
      video: { w: 640, h: 480, battr: [3, 4] },
    },
    { id: 'imp-video-only', video: { battr: [3, 4] } },
  ]);
  const ctx = result.moduleContext!['test-bidder'] as { battr: unknown };
  assert.deepEqual(ctx.battr, {
    banner: { 'imp-banner-only': [1, 2], 'imp-mixed': [1, 2] },
    video: { 'imp-mixed': [3, 4], 'imp-video-only': [3, 4] },
    audio: {},
  });
});

test('conditions match bidders and media types without case; a bidder list that misses falls back', async () => {
  const config = {
    attributes: {
      badv: {
        blocked_adomain: ['default.com'],
        action_overrides: {
          blocked_adomain: [
            { conditions: { bidders: ['AppNexus'], media_types: ['BANNER'] }, override: ['hit.com'] },
            { conditions: { bidders: [] }, override: ['never.com'] },
          ],
        },
      },
    },
  };
  assert.deepEqual((await run(config, request({ imp: [{ id: '1', banner: {} }] }))).request.badv, [
    'hit.com',
  ]);
  assert.deepEqual((await run(config, request({ imp: [{ id: '1', video: {} }] }))).request.badv, [
    'default.com',
  ]);
  assert.deepEqual((await run(config, request({ imp: [{ id: '1', banner: {} }] }), 'rubicon')).request.badv, [
    'default.com',
  ]);
});

test('a category taxonomy of 0 is not written to the request', async () => {
  const { result, request: out } = await run(
    { attributes: { bcat: { blocked_adv_cat: ['IAB-1'] } } },
    request({ imp: [] }),
  );
  assert.equal('cattax' in out, false);
  assert.deepEqual(
    result.changeSet!.map((m) => m.key.join('.')),
    ['bidrequest.bcat'],
  );
});
