// The expectations of the shared and holdout fixtures endpoints/sample-requests/adservertargeting/*.json
// (README-additions §2), as unit tests of applyAdServerTargeting: the bids' ext and the 10007 warnings
// (which the endpoint appends after `10002 debug turned off for account`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidResponse } from '../openrtb/types.js';
import {
  FIXTURE_VALID_RULES,
  FIXTURE_WRONG_TYPE_RULES,
  WRONG_TYPE_MESSAGES,
  fixtureRequest,
  fixtureResponse,
  fixtureValidTargeting,
  type RuleJson,
} from './adservertargeting.testkit.js';
import { applyAdServerTargeting } from './apply.js';

const run = (rules: readonly RuleJson[], ns = 'prebid') => {
  const response = fixtureResponse(ns);
  const out = applyAdServerTargeting({ ns, request: fixtureRequest(rules, ns), response });
  return { response, out, messages: out.warnings.map((w) => w.message) };
};

const bidExt = (seat: string, targeting?: Record<string, string>, ns = 'prebid') => ({
  origbidcpm: 1,
  origbidcur: 'USD',
  [ns]: { meta: { adaptercode: seat }, ...(targeting ? { targeting } : {}), type: 'banner' },
});

function assertValidTargeting(r: BidResponse, ns = 'prebid'): void {
  assert.deepEqual(
    r.seatbid![0]!.bid[0]!.ext,
    bidExt('appnexus', fixtureValidTargeting('appnexus', '1.01'), ns),
  );
  assert.deepEqual(
    r.seatbid![1]!.bid[0]!.ext,
    bidExt('rubicon', fixtureValidTargeting('rubicon', '0.99'), ns),
  );
}

test('all-valid.json: every key on both bids, cut to 20, no warnings', () => {
  const { out } = run(FIXTURE_VALID_RULES);
  assert.deepEqual(out.warnings, []);
  assertValidTargeting(out.response);
  assert.equal(out.response.bidid, 'test bid id');
});

test('valid-and-warnings.json: the valid keys, and three request warnings once (not per bid)', () => {
  const { out, messages } = run([...FIXTURE_VALID_RULES, ...FIXTURE_WRONG_TYPE_RULES]);
  assert.deepEqual(messages, WRONG_TYPE_MESSAGES);
  // The failed lookups replace nothing: adt_hb_req_imp_maxdu is still 30.
  assertValidTargeting(out.response);
});

test('all-invalid.json: four validation warnings by index, bids untouched', () => {
  const { response, out, messages } = run([
    { key: 'adt_hb_req_imp_maxduration', source: 'incorrect', value: 'imp.video.mimes' },
    { key: '', source: 'bidrequest', value: 'imp.video' },
    { key: 'adt_hb_req_site_contest_param', source: '', value: 'site.content' },
    { key: 'adt_{{BIDDER}}_impid', source: 'bidresponse', value: '' },
  ]);
  assert.deepEqual(messages, [
    'Incorrect source for the ad server targeting object at index 0',
    'Key is empty for the ad server targeting object at index 1',
    'Incorrect source for the ad server targeting object at index 2',
    'Value is empty for the ad server targeting object at index 3',
  ]);
  assert.equal(out.response, response);
  assert.deepEqual(response.seatbid![0]!.bid[0]!.ext, bidExt('appnexus'));
});

test('all-warnings.json: request warnings, then the response ones repeated per bid', () => {
  const { response, out, messages } = run([
    ...FIXTURE_WRONG_TYPE_RULES,
    { key: 'adt_{{BIDDER}}_impid', source: 'bidresponse', value: 'seatbid.bid.ext.key' },
    { key: 'adt_custom2', source: 'bidresponse', value: 'seatbid.bid.key' },
  ]);
  assert.deepEqual(messages, [
    ...WRONG_TYPE_MESSAGES,
    'value not found for path: ext.key for bidder: appnexus, bid id: appnexus-bid',
    'value not found for path: key for bidder: appnexus, bid id: appnexus-bid',
    'value not found for path: ext.key for bidder: rubicon, bid id: rubicon-bid',
    'value not found for path: key for bidder: rubicon, bid id: rubicon-bid',
  ]);
  assert.equal(out.response, response, 'no key resolved: no targeting object is created');
});

test('valid-invalid-and-warnings.json: validation, request, then per-bid response warnings', () => {
  const { out, messages } = run([
    ...FIXTURE_VALID_RULES,
    ...FIXTURE_WRONG_TYPE_RULES,
    { key: '', source: 'bidrequest', value: 'imp.video' },
    { key: 'adt_hb_req_site_contest_param', source: '', value: 'site.content' },
    { key: 'adt_{{BIDDER}}_impid', source: 'bidresponse', value: '' },
    { key: 'adt_incorrect_bidresp', source: 'bidresponse', value: 'incorrect' },
  ]);
  assert.deepEqual(messages, [
    'Key is empty for the ad server targeting object at index 10',
    'Incorrect source for the ad server targeting object at index 11',
    'Value is empty for the ad server targeting object at index 12',
    ...WRONG_TYPE_MESSAGES,
    'key not found for field in bid response: incorrect for bidder: appnexus, bid id: appnexus-bid',
    'key not found for field in bid response: incorrect for bidder: rubicon, bid id: rubicon-bid',
  ]);
  assertValidTargeting(out.response);
});

test("namespace 'core': rules from ext.core, keys into ext.core.targeting, AMP data under ext.core", () => {
  const rules = [
    ...FIXTURE_VALID_RULES,
    { key: 'amp', source: 'bidrequest', value: 'ext.core.amp.data.slot' },
  ];
  const request = fixtureRequest(rules, 'core');
  const response = fixtureResponse('core');
  const out = applyAdServerTargeting({ ns: 'core', request, response, ampQuery: { slot: 'top' } });
  assert.deepEqual(out.warnings, []);
  const appnexus = fixtureValidTargeting('appnexus', '1.01');
  appnexus.amp = 'top';
  assert.deepEqual(out.response.seatbid![0]!.bid[0]!.ext, bidExt('appnexus', appnexus, 'core'));
  // ext.prebid rules mean nothing under the core namespace, and the reverse.
  const prebidRules = fixtureRequest(FIXTURE_VALID_RULES, 'prebid');
  const ignored = applyAdServerTargeting({ ns: 'core', request: prebidRules, response });
  assert.equal(ignored.response, response);
  assert.deepEqual(ignored.warnings, []);
  const prebidAmp = applyAdServerTargeting({
    ns: 'core',
    request: fixtureRequest([{ key: 'k', source: 'bidrequest', value: 'ext.prebid.amp.data.slot' }], 'core'),
    response,
    ampQuery: { slot: 'top' },
  });
  assert.deepEqual(
    prebidAmp.warnings.map((w) => w.message),
    ['value not found for path: ext.prebid.amp.data.slot'],
  );
});
