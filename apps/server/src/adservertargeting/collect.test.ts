import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { GO_REQ_EXT_RULES, goRequest } from './adservertargeting.testkit.js';
import { collect, type RequestValue } from './collect.js';
import { validateRules } from './rules.js';
import type { AdServerTargetingRule } from './types.js';

// G test_data.go reqFullValid
const reqFullValid = {
  id: 'req_id',
  imp: [
    {
      id: 'test_imp1',
      ext: { appnexus: { placementId: 123 } },
      banner: { format: [{ h: 250, w: 300 }], w: 260, h: 350 },
    },
    {
      id: 'test_imp2',
      ext: { appnexus: { placementId: 456 } },
      banner: { format: [{ h: 400, w: 600 }], w: 270, h: 360 },
    },
  ],
  site: { page: 'test.com' },
} as BidRequest;

const ampQuery = { 'amp-key': 'testAmpKey', 'data-override-height': '400' };

const one = (value: string, request: BidRequest = reqFullValid, ns = 'prebid') => {
  const c = collect({ ns, rules: [{ key: 'k', source: 'bidrequest', value }], request, ampQuery });
  return { value: c.requestValues.get('k'), warnings: c.warnings.map((w) => w.message) };
};
const byImp = (entries: Array<[string, string]>): RequestValue => ({ byImp: new Map(entries) });

test('G TestGetValueFromBidRequest', () => {
  assert.deepEqual(one('ext.prebid.amp.data.amp-key'), { value: { single: 'testAmpKey' }, warnings: [] });
  assert.deepEqual(one('ext.prebid.amp.data.amp-key-not-existing'), {
    value: undefined,
    warnings: ['value not found for path: ext.prebid.amp.data.amp-key-not-existing'],
  });
  assert.deepEqual(
    one('imp.banner.h').value,
    byImp([
      ['test_imp1', '350'],
      ['test_imp2', '360'],
    ]),
  );
  assert.deepEqual(
    one('imp.ext.appnexus.placementId').value,
    byImp([
      ['test_imp1', '123'],
      ['test_imp2', '456'],
    ]),
  );
  assert.deepEqual(one('imp.video').warnings, ['value not found for path: imp.video']);
  assert.deepEqual(one('site.page').value, { single: 'test.com' });
  assert.deepEqual(one('app').warnings, ['value not found for path: app']);
});

test('G TestGetValueFromImp: imps without ids, no imp list, and no imps at all', () => {
  const noIds = { imp: [{ ext: { appnexus: { placementId: 123 } } }] } as unknown as BidRequest;
  assert.deepEqual(one('imp.video', noIds).warnings, ['Key path not found']);
  assert.deepEqual(one('imp.video', {} as BidRequest).warnings, ['Key path not found']);
  // An empty imp list falls back to the whole request, where `imp` is an array.
  assert.deepEqual(one('imp.video', { id: 'r', imp: [] }).warnings, ['value not found for path: imp.video']);
});

test('an imp rule fails as a whole when one imp lacks the value (G stops at the first)', () => {
  const request = {
    id: 'r',
    imp: [
      { id: 'a', video: { w: 640 } },
      { id: 'b', banner: { w: 300 } },
      { id: 'c', video: { w: true } },
    ],
  } as BidRequest;
  assert.deepEqual(one('imp.video.w', request), {
    value: undefined,
    warnings: ['value not found for path: imp.video.w'],
  });
});

test('G TestGetValueFromQueryParam: the AMP prefix follows the namespace; empty or absent is not found', () => {
  assert.deepEqual(one('ext.data.amp-key-not-existing').warnings, [
    'value not found for path: ext.data.amp-key-not-existing',
  ]);
  assert.deepEqual(one('ext.core.amp.data.amp-key', reqFullValid, 'core').value, { single: 'testAmpKey' });
  const c = collect({
    ns: 'prebid',
    rules: [
      { key: 'a', source: 'bidrequest', value: 'ext.prebid.amp.data.x' },
      { key: 'b', source: 'bidrequest', value: 'ext.prebid.amp.data.constructor' },
    ],
    request: reqFullValid,
    ampQuery: { x: '' },
  });
  assert.deepEqual(
    c.warnings.map((w) => w.message),
    [
      'value not found for path: ext.prebid.amp.data.x',
      'value not found for path: ext.prebid.amp.data.constructor',
    ],
  );
  const noQuery = collect({
    ns: 'prebid',
    rules: [{ key: 'a', source: 'bidrequest', value: 'ext.prebid.amp.data.x' }],
    request: reqFullValid,
  });
  assert.deepEqual(noQuery.warnings[0]?.message, 'value not found for path: ext.prebid.amp.data.x');
});

test('G TestExtractAdServerTargeting: request values, response rules and warnings in rule order', () => {
  const { rules } = validateRules(GO_REQ_EXT_RULES);
  const c = collect({ ns: 'prebid', rules, request: goRequest(true), ampQuery: { ampkey: 'testAmpKey' } });
  assert.deepEqual(
    c.warnings.map((w) => w.message),
    [
      'incorrect value type for path: imp.ext.prebid.test, value can only be string or number',
      'incorrect value type for path: ext.prebid.targeting.includebrandcategory, value can only be string or number',
    ],
  );
  assert.deepEqual(
    c.requestValues,
    new Map<string, RequestValue>([
      ['hb_amp_param', { single: 'testAmpKey' }],
      [
        'hb_req_imp_ext_bidder_param',
        byImp([
          ['imp1', '111'],
          ['imp2', '222'],
          ['imp3', '333'],
        ]),
      ],
      [
        'hb_req_imp_param',
        byImp([
          ['imp1', '10'],
          ['imp2', '20'],
          ['imp3', '30'],
        ]),
      ],
      ['hb_req_user_param', { single: '2000' }],
      ['hb_static_thing', { single: 'test-static-value' }],
    ]),
  );
  assert.deepEqual(c.responseRules, [
    { key: '{{BIDDER}}_custom1', path: 'seatbid.bid.ext.custom1' },
    { key: 'custom2', path: 'seatbid.bid.ext.custom2' },
    { key: '{{BIDDER}}_imp', path: 'seatbid.bid.impid' },
    { key: 'seat_cur', path: 'cur' },
  ]);
});

test('a later rule with the same key replaces the earlier one; a failed lookup replaces nothing', () => {
  const rules: AdServerTargetingRule[] = [
    { key: 'k', source: 'static', value: 'first' },
    { key: 'k', source: 'bidrequest', value: 'site.page' },
    { key: 'k', source: 'bidrequest', value: 'site.missing' },
  ];
  const c = collect({ ns: 'prebid', rules, request: reqFullValid });
  assert.deepEqual(c.requestValues.get('k'), { single: 'test.com' });
  assert.equal(c.warnings.length, 1);
});

test('imp ids are read once per request, whatever the number of imp rules', () => {
  let reads = 0;
  const imp = { ext: { x: 1 } };
  Object.defineProperty(imp, 'id', {
    enumerable: true,
    get: () => {
      reads++;
      return 'i1';
    },
  });
  const request = { id: 'r', imp: [imp] } as unknown as BidRequest;
  const rules: AdServerTargetingRule[] = [
    { key: 'a', source: 'bidrequest', value: 'imp.ext.x' },
    { key: 'b', source: 'bidrequest', value: 'imp.ext.x' },
  ];
  const c = collect({ ns: 'prebid', rules, request });
  assert.equal(reads, 1);
  assert.deepEqual(c.requestValues.get('b'), byImp([['i1', '1']]));
});
