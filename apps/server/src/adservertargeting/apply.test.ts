import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest, BidResponse } from '../openrtb/types.js';
import { deepFreeze, goRequest, goResponse, type RuleJson } from './adservertargeting.testkit.js';
import { applyAdServerTargeting } from './apply.js';

const targetingOf = (r: BidResponse, seat: number, bid: number) =>
  (r.seatbid![seat]!.bid[bid]!.ext as { prebid: { targeting: Record<string, unknown> } }).prebid.targeting;
const extOf = (r: BidResponse, seat: number, bid: number) => r.seatbid![seat]!.bid[bid]!.ext;

/** TestResolveAdServerTargeting's request: one rule per source, three imps. */
function everySourceRequest() {
  const rules: RuleJson[] = [
    { key: 'hb_amp_param', source: 'bidrequest', value: 'ext.prebid.amp.data.ampkey' },
    { key: 'hb_imp_param', source: 'bidrequest', value: 'imp.ext.v' },
    { key: '{{BIDDER}}_custom1', source: 'bidresponse', value: 'seatbid.bid.cat' },
    { key: 'custom2', source: 'bidresponse', value: 'seatbid.bid.ext.prebid.foo' },
    { key: 'custom3', source: 'bidresponse', value: 'seatbid.bid.price' },
    { key: 'custom4', source: 'bidresponse', value: 'seatbid.ext.testData.foo' },
    { key: 'custom5', source: 'bidresponse', value: 'cur' },
    { key: 'custom6', source: 'bidresponse', value: 'id' },
    { key: 'custom7', source: 'bidresponse', value: 'bidid' },
    { key: 'custom8', source: 'bidresponse', value: 'customdata' },
    { key: 'custom9', source: 'bidresponse', value: 'nbr' },
    { key: '{{BIDDER}}_custom6', source: 'bidresponse', value: 'ext.prebid.seatExt' },
  ];
  return {
    id: 'r',
    imp: [1, 2, 3].map((n) => ({ id: `imp${n}`, ext: { v: n * 111 } })),
    ext: { prebid: { adservertargeting: rules } },
  } as BidRequest;
}

/** The ext TestResolveAdServerTargeting expects on `seat`'s bid `n` (1-based). */
function everySourceExpectedExt(seat: string, n: number) {
  const common = {
    custom3: String(seat === 'appnexus' ? n * 10 : n * 11),
    custom4: seat === 'appnexus' ? 'barApn' : 'barRubicon',
    custom5: 'USD',
    custom6: 'testResponse',
    custom7: 'testBidId',
    custom8: 'testCustomData',
    custom9: '2',
    hb_amp_param: 'testAmpKey',
    hb_imp_param: String(n * 111),
    [`${seat}_custom6`]: 'true',
  };
  return seat === 'appnexus'
    ? { prebid: { foo: `bar${n}`, targeting: { ...common, custom2: `bar${n}` } } }
    : {
        prebid: {
          foo: `bar${n}${n}`,
          targeting: { ...common, custom2: `bar${n}${n}`, testInput: n * 111 },
        },
      };
}

test('G TestResolveAdServerTargeting: every response source, per bid, warnings per bid', () => {
  const request = everySourceRequest();
  const response = {
    ...goResponse((seat, n) =>
      seat === 'appnexus'
        ? { prebid: { foo: `bar${n}` } }
        : {
            prebid: {
              foo: `bar${n}${n}`,
              targeting: { hb_amp_param: `testInputKey${n}`, testInput: n * 111 },
            },
          },
    ),
    bidid: 'testBidId',
    customdata: 'testCustomData',
    nbr: 2,
  };
  const out = applyAdServerTargeting({ ns: 'prebid', request, ampQuery: { ampkey: 'testAmpKey' }, response });
  const ids = ['bidA1', 'bidA2', 'bidA3', 'bidR1', 'bidR2', 'bidR3'];
  assert.deepEqual(
    out.warnings.map((w) => w.message),
    ids.map(
      (id) =>
        `incorrect value type for path: cat, value can only be string or number for bidder: ${id.startsWith('bidA') ? 'appnexus' : 'rubicon'}, bid id: ${id}`,
    ),
  );
  for (const [s, seat] of ['appnexus', 'rubicon'].entries()) {
    for (const n of [1, 2, 3]) {
      assert.deepEqual(extOf(out.response, s, n - 1), everySourceExpectedExt(seat, n));
    }
  }
});

test('G TestResolveAdServerTargetingForMultiBidAndOneImp: truncate_target_attr 11', () => {
  const request = {
    id: 'r',
    imp: [{ id: 'imp1' }],
    ext: {
      prebid: {
        adservertargeting: [
          { key: 'custom_attribute', source: 'bidresponse', value: 'seatbid.bid.ext.prebid.foo' },
        ],
      },
    },
  } as BidRequest;
  const response: BidResponse = {
    id: 'testResponse',
    cur: 'USD',
    seatbid: [
      {
        seat: 'appnexus',
        bid: [1, 2, 3].map((n) => ({
          id: `bidA${n}`,
          impid: 'imp1',
          price: n * 10,
          ext: { prebid: { foo: `bar${n}` } },
        })),
      },
    ],
  };
  const out = applyAdServerTargeting({ ns: 'prebid', request, response, truncateTargetAttr: 11 });
  assert.deepEqual(out.warnings, []);
  assert.equal(out.response.id, 'testResponse');
  for (const n of [1, 2, 3]) {
    assert.deepEqual(extOf(out.response, 0, n - 1), {
      prebid: { foo: `bar${n}`, targeting: { custom_attr: `bar${n}` } },
    });
  }
});

const fullExt = (seat: 'appnexus' | 'rubicon', n: number) => {
  const c = (seat === 'appnexus' ? n : n + 3) * 1111;
  const prebid =
    seat === 'appnexus'
      ? { foo: `bar${n}` }
      : { foo: `bar${n}${n}`, targeting: { hb_amp_param: `testInputKey${n}`, testInput: n * 111 } };
  return { prebid, custom1: c, custom2: `${seat[0]}${c}` };
};

test('G TestProcessAdServerTargetingFull: request, static and response keys, truncated to 20', () => {
  const out = applyAdServerTargeting({
    ns: 'prebid',
    request: goRequest(true),
    ampQuery: { ampkey: 'testAmpKey', 'data-override-height': '400' },
    response: goResponse(fullExt),
    truncateTargetAttr: 0,
  });
  assert.deepEqual(
    out.warnings.map((w) => w.message),
    [
      'incorrect value type for path: imp.ext.prebid.test, value can only be string or number',
      'incorrect value type for path: ext.prebid.targeting.includebrandcategory, value can only be string or number',
    ],
  );
  for (const [s, seat] of (['appnexus', 'rubicon'] as const).entries()) {
    for (const n of [1, 2, 3]) {
      const ext = fullExt(seat, n);
      const targeting = {
        ...(seat === 'rubicon' ? { testInput: n * 111 } : {}),
        hb_amp_param: 'testAmpKey',
        hb_req_imp_ext_bidde: String(n * 111),
        hb_req_imp_param: String(n * 10),
        hb_req_user_param: '2000',
        hb_static_thing: 'test-static-value',
        [`${seat}_custom1`]: String(ext.custom1),
        custom2: ext.custom2,
        [`${seat}_imp`]: `imp${n}`,
        seat_cur: 'USD',
      };
      assert.deepEqual(extOf(out.response, s, n - 1), { ...ext, prebid: { ...ext.prebid, targeting } });
    }
  }
});

test('G TestProcessAdServerTargetingWarnings: 6 request warnings, then 2 per bid in response order', () => {
  const response = goResponse((seat, n) =>
    seat === 'appnexus'
      ? { prebid: { foo: `bar${n}` } }
      : {
          prebid: { foo: `bar${n}${n}`, targeting: { hb_amp_param: `testInputKey${n}`, testInput: n * 111 } },
        },
  );
  delete response.cur;
  const out = applyAdServerTargeting({
    ns: 'prebid',
    request: goRequest(false),
    ampQuery: { 'data-override-height': '400' },
    response,
  });
  const perBid = [
    'appnexus:bidA1',
    'appnexus:bidA2',
    'appnexus:bidA3',
    'rubicon:bidR1',
    'rubicon:bidR2',
    'rubicon:bidR3',
  ]
    .map((s) => s.split(':'))
    .flatMap(([seat, id]) => [
      `value not found for path: ext.custom1 for bidder: ${seat}, bid id: ${id}`,
      `value not found for path: ext.custom2 for bidder: ${seat}, bid id: ${id}`,
    ]);
  assert.deepEqual(
    out.warnings.map((w) => w.message),
    [
      'value not found for path: ext.prebid.amp.data.ampkey',
      'value not found for path: imp.ext.prebid.test',
      'value not found for path: imp.ext.bidder1.tagid',
      'value not found for path: imp.bidfloor',
      'incorrect value type for path: ext.prebid.targeting.includebrandcategory, value can only be string or number',
      'value not found for path: user.yob',
      ...perBid,
    ],
  );
  assert.ok(out.warnings.every((w) => w.code === 10007));
  // The keys that did resolve: static, the bid's imp id, and the response's (empty) currency.
  assert.deepEqual(targetingOf(out.response, 0, 0), {
    hb_static_thing: 'test-static-value',
    appnexus_imp: 'imp1',
    seat_cur: '',
  });
  assert.deepEqual(targetingOf(out.response, 1, 2), {
    hb_amp_param: 'testInputKey3',
    testInput: 333,
    hb_static_thing: 'test-static-value',
    rubicon_imp: 'imp3',
    seat_cur: '',
  });
});

test('the inputs are never mutated', () => {
  const request = deepFreeze(goRequest(true));
  const response = deepFreeze(goResponse(fullExt));
  const before = JSON.stringify(response);
  const out = applyAdServerTargeting({ ns: 'prebid', request, ampQuery: { ampkey: 'k' }, response });
  assert.notEqual(out.response, response);
  assert.equal(JSON.stringify(response), before);
  assert.notEqual(out.response.seatbid![0]!.bid[0]!.ext, response.seatbid![0]!.bid[0]!.ext);
});
