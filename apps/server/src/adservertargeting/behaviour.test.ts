import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bid, BidRequest, BidResponse } from '../openrtb/types.js';
import type { RuleJson } from './adservertargeting.testkit.js';
import { adServerTargetingRulesOf, applyAdServerTargeting, maxKeyLength } from './apply.js';

const request = (rules: unknown, extra: Partial<BidRequest> = {}): BidRequest => ({
  id: 'req',
  imp: [
    { id: 'i1', tagid: 'slot-1', ext: { data: { pos: 'top' } } },
    { id: 'i2', tagid: 'slot-2', ext: { data: { pos: 'bottom' } } },
  ],
  site: { page: 'https://example.com', name: '' },
  ext: { prebid: { adservertargeting: rules } },
  ...extra,
});

const bid = (id: string, impid: string, ext?: Bid['ext']): Bid => ({
  id,
  impid,
  price: 1.5,
  ...(ext ? { ext } : {}),
});

const response = (bids: Bid[], seat = 'pubmatic'): BidResponse => ({
  id: 'req',
  cur: 'USD',
  seatbid: [{ seat, bid: bids }],
});

const apply = (rules: RuleJson[], bids: Bid[], truncateTargetAttr?: number) =>
  applyAdServerTargeting({
    ns: 'prebid',
    request: request(rules),
    response: response(bids),
    truncateTargetAttr,
  });

const targeting = (r: BidResponse, i = 0): Record<string, unknown> =>
  (r.seatbid![0]!.bid[i]!.ext as { prebid: { targeting: Record<string, unknown> } }).prebid.targeting;

test('fast path: no rules returns the same response and no warnings', () => {
  const resp = response([bid('b', 'i1')]);
  for (const rules of [undefined, null, []]) {
    const out = applyAdServerTargeting({ ns: 'prebid', request: request(rules), response: resp });
    assert.equal(out.response, resp);
    assert.deepEqual(out.warnings, []);
  }
  const noExt = applyAdServerTargeting({ ns: 'prebid', request: { id: 'r', imp: [] }, response: resp });
  assert.equal(noExt.response, resp);
  assert.equal(adServerTargetingRulesOf({ id: 'r', imp: [], ext: { prebid: 'x' } }, 'prebid'), undefined);
});

test('an unreadable rule list is one warning and leaves the response alone', () => {
  const resp = response([bid('b', 'i1')]);
  const out = applyAdServerTargeting({ ns: 'prebid', request: request({ key: 'k' }), response: resp });
  assert.equal(out.response, resp);
  assert.deepEqual(out.warnings, [
    { code: 10007, message: 'unable to extract adServerTargeting from request' },
  ]);
});

test('request warnings come even without bids', () => {
  const out = applyAdServerTargeting({
    ns: 'prebid',
    request: request([{ key: 'k', source: 'bidrequest', value: 'site.missing' }]),
    response: { id: 'req' },
  });
  assert.deepEqual(
    out.warnings.map((w) => w.message),
    ['value not found for path: site.missing'],
  );
  assert.deepEqual(out.response, { id: 'req' });
});

test('imp values follow the bid’s imp; an imp id no imp has gives the empty string', () => {
  const out = apply(
    [{ key: 'pos', source: 'bidrequest', value: 'imp.ext.data.pos' }],
    [bid('a', 'i2', { prebid: {} }), bid('b', 'i1', { prebid: {} }), bid('c', 'nope', { prebid: {} })],
  );
  assert.deepEqual(
    [0, 1, 2].map((i) => targeting(out.response, i)),
    [{ pos: 'bottom' }, { pos: 'top' }, { pos: '' }],
  );
});

test('a response key beats a request or static key of the same name, whatever the rule order', () => {
  const out = apply(
    [
      { key: 'k', source: 'bidresponse', value: 'seatbid.bid.id' },
      { key: 'k', source: 'static', value: 'static' },
      { key: 'j', source: 'static', value: 'one' },
      { key: 'j', source: 'static', value: 'two' },
    ],
    [bid('b1', 'i1', { prebid: {} })],
  );
  assert.deepEqual(targeting(out.response), { k: 'b1', j: 'two' });
});

test('{{BIDDER}} is replaced in bidresponse keys only, by the seat, case-sensitively', () => {
  const out = apply(
    [
      { key: '{{BIDDER}}_id_{{BIDDER}}', source: 'bidresponse', value: 'seatbid.bid.id' },
      { key: '{{bidder}}_x', source: 'bidresponse', value: 'seatbid.bid.id' },
      { key: '{{BIDDER}}_s', source: 'static', value: 'v' },
    ],
    [bid('b1', 'i1', { prebid: {} })],
    100,
  );
  assert.deepEqual(targeting(out.response), {
    '{{BIDDER}}_s': 'v',
    pubmatic_id_pubmatic: 'b1',
    '{{bidder}}_x': 'b1',
  });
});

test('an empty request value sets no key, an empty response value does', () => {
  const out = apply(
    [
      { key: 'name', source: 'bidrequest', value: 'site.name' },
      { key: 'page', source: 'static', value: 'p' },
      { key: 'page', source: 'bidrequest', value: 'site.name' },
      { key: 'bidid', source: 'bidresponse', value: 'bidid' },
    ],
    [bid('b1', 'i1', { prebid: {} })],
  );
  assert.deepEqual(targeting(out.response), { bidid: '' });
});

test('keys merge into existing targeting, overwriting on the same key; ext and targeting are created', () => {
  const out = apply(
    [
      { key: 'hb_pb', source: 'static', value: 'override' },
      { key: 'price', source: 'bidresponse', value: 'seatbid.bid.price' },
    ],
    [bid('b1', 'i1', { prebid: { targeting: { hb_pb: '1.50', n: 3 }, type: 'banner' } }), bid('b2', 'i1')],
  );
  assert.deepEqual(out.response.seatbid![0]!.bid[0]!.ext, {
    prebid: { targeting: { hb_pb: 'override', n: 3, price: '1.5' }, type: 'banner' },
  });
  assert.deepEqual(out.response.seatbid![0]!.bid[1]!.ext, {
    prebid: { targeting: { hb_pb: 'override', price: '1.5' } },
  });
});

test('truncation: the account value when above 0, else 20; a clash after cutting keeps the later key', () => {
  assert.equal(maxKeyLength(undefined), 20);
  assert.equal(maxKeyLength(0), 20);
  assert.equal(maxKeyLength(-3), 20);
  assert.equal(maxKeyLength(2.5), 20);
  assert.equal(maxKeyLength(5), 5);
  const rules = [
    { key: 'abcdef_1', source: 'static', value: 'first' },
    { key: 'abcdef_2', source: 'static', value: 'second' },
    { key: 'very_long_targeting_key_should_be_truncated_to_default', source: 'static', value: 'v' },
  ];
  assert.deepEqual(targeting(apply(rules, [bid('b', 'i1', { prebid: {} })], 5).response), {
    abcde: 'second',
    very_: 'v',
  });
  assert.deepEqual(targeting(apply(rules, [bid('b', 'i1', { prebid: {} })]).response), {
    abcdef_1: 'first',
    abcdef_2: 'second',
    very_long_targeting_: 'v',
  });
});

test('a __proto__ key is an own targeting key, not a prototype change', () => {
  const out = apply([{ key: '__proto__', source: 'static', value: 'x' }], [bid('b', 'i1', { prebid: {} })]);
  const t = targeting(out.response);
  assert.ok(Object.hasOwn(t, '__proto__'));
  assert.equal(Object.getPrototypeOf(t), Object.prototype);
  assert.equal(JSON.stringify(t), '{"__proto__":"x"}');
});

test('seats and bids without keys keep their identity; the response is a copy when a bid changed', () => {
  const untouched = { seat: 'b', bid: [bid('y', 'i1', { prebid: {} })] };
  const resp: BidResponse = {
    id: 'req',
    seatbid: [{ seat: 'a', bid: [bid('x', 'i1', { prebid: {} })], ext: { only: 'yes' } }, untouched],
  };
  const out = applyAdServerTargeting({
    ns: 'prebid',
    request: request([{ key: 'k', source: 'bidresponse', value: 'seatbid.ext.only' }]),
    response: resp,
  });
  assert.notEqual(out.response, resp);
  assert.equal(out.response.seatbid![1], untouched);
  assert.deepEqual(out.response.seatbid![0]!.ext, { only: 'yes' });
  assert.deepEqual(targeting(out.response), { k: 'yes' });
  assert.deepEqual(
    out.warnings.map((w) => w.message),
    ['value not found for path: only for bidder: b, bid id: y'],
  );
});
