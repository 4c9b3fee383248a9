import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyBidAdjustments, findRule, ruleMediaType, type ApplyBidAdjustmentsInput } from './apply.js';
import { converter, cpm, mult, stat, table } from './bidadjustments.testkit.js';
import type { Adjustment, BidRuleMediaType } from './types.js';

// G's tests: the adjustment currency EUR converts into the bid currency "USA" at 2.5.
const conv = converter({ EUR: { USA: 2.5 } });

function run(
  rules: Record<string, Adjustment[]>,
  bid: { price: number; dealId?: string; mediaType?: BidRuleMediaType; bidder?: string },
) {
  const input: ApplyBidAdjustmentsInput = {
    rules: table(rules),
    bidder: bid.bidder ?? 'bidderA',
    mediaType: bid.mediaType ?? 'banner',
    dealId: bid.dealId,
    price: bid.price,
    currency: 'USA',
    converter: conv,
  };
  const r = applyBidAdjustments(input);
  return { price: r.price.toString(), currency: r.currency };
}

test('G TestGetAndApply: the deal rule wins, cpm subtracted after conversion', () => {
  const rules = { 'banner|bidderA|dealId': [cpm(1, 'EUR')], 'banner|bidderA|*': [mult(2)] };
  assert.deepEqual(run(rules, { price: 10, dealId: 'dealId' }), { price: '7.5', currency: 'USA' });
});

test('G TestGetAndApply: type|bidder|* outranks *|bidder|deal; static replaces price and currency', () => {
  const rules = { '*|bidderA|dealId': [cpm(1, 'EUR')], 'banner|bidderA|*': [stat(2, 'EUR')] };
  assert.deepEqual(run(rules, { price: 10, dealId: 'dealId' }), { price: '2', currency: 'EUR' });
});

test('G TestGetAndApply: multiplier, type|*|* outranks *|*|deal', () => {
  const rules = { '*|*|dealId': [cpm(1, 'EUR')], 'video-instream|*|*': [mult(2)] };
  const r = run(rules, { price: 10, dealId: 'dealId', mediaType: 'video-instream' });
  assert.deepEqual(r, { price: '20', currency: 'USA' });
});

test('G TestGetAndApply: several adjustments apply in order', () => {
  const rules = { 'video-instream|*|*': [mult(2), cpm(1, 'EUR')] };
  const r = run(rules, { price: 10, dealId: 'dealId', mediaType: 'video-instream' });
  assert.deepEqual(r, { price: '17.5', currency: 'USA' });
});

test('G TestGetAndApply: a deal bid below zero becomes 0; a non-deal bid at or below zero 0.1', () => {
  const deal = run({ '*|*|dealId': [cpm(1, 'EUR')] }, { price: 1, dealId: 'dealId' });
  assert.deepEqual(deal, { price: '0', currency: 'USA' });
  const open = run({ '*|*|*': [cpm(1, 'EUR')] }, { price: 1, mediaType: 'audio' });
  assert.deepEqual(open, { price: '0.1', currency: 'USA' });
  // floors use the currency from before the rule, even after a static one
  const st = run({ '*|*|*': [stat(0, 'EUR')] }, { price: 1 });
  assert.deepEqual(st, { price: '0.1', currency: 'USA' });
  // exactly zero with a deal stays 0 (never "-0")
  const zero = run({ '*|*|*': [mult(0)] }, { price: 1, dealId: 'd' });
  assert.deepEqual(zero, { price: '0', currency: 'USA' });
});

test('G TestGetAndApply: no rules → price untouched, no floor', () => {
  assert.deepEqual(run({}, { price: 0, dealId: '' }), { price: '0', currency: 'USA' });
  assert.deepEqual(run({}, { price: 10, dealId: 'dealId' }), { price: '10', currency: 'USA' });
});

test('G: with any rule present the floor applies even when no rule matches', () => {
  const r = run({ 'native|*|*': [mult(2)] }, { price: 0 });
  assert.deepEqual(r, { price: '0.1', currency: 'USA' });
});

test('G TestApply: rounds to 4 decimals once, at the end', () => {
  assert.deepEqual(run({ '*|*|*': [cpm(1, 'EUR')] }, { price: 10.58687 }), {
    price: '8.0869',
    currency: 'USA',
  });
  assert.deepEqual(run({ '*|*|*': [stat(4, 'EUR')] }, { price: 10 }), { price: '4', currency: 'EUR' });
  assert.deepEqual(run({ '*|*|*': [mult(3)] }, { price: 10 }), { price: '30', currency: 'USA' });
  // decimal, not float: 0.1 × 3 is 0.3 exactly; half away from zero at the 5th decimal
  assert.deepEqual(run({ '*|*|*': [mult(3)] }, { price: 0.1 }), { price: '0.3', currency: 'USA' });
  assert.deepEqual(run({ '*|*|*': [mult(1.5)] }, { price: 1.00003 }), { price: '1.5', currency: 'USA' });
  assert.deepEqual(run({ '*|*|*': [mult(0.5)] }, { price: 1.00009 }), { price: '0.5', currency: 'USA' });
  assert.deepEqual(run({ '*|*|*': [mult(0.5)] }, { price: 1.00011 }), { price: '0.5001', currency: 'USA' });
});

test('a cpm without a conversion rate abandons the rule (price before the rule)', () => {
  const r = run({ '*|*|*': [mult(2), cpm(1, 'GBP')] }, { price: 10 });
  assert.deepEqual(r, { price: '10', currency: 'USA' });
  const s = run({ '*|*|*': [stat(5, 'EUR'), cpm(1, 'GBP')] }, { price: 10 });
  assert.deepEqual(s, { price: '10', currency: 'USA' });
});

test('a cpm after a static converts into the static currency', () => {
  const r = run({ '*|*|*': [stat(5, 'EUR'), cpm(1, 'EUR')] }, { price: 10 });
  assert.deepEqual(r, { price: '4', currency: 'EUR' });
});

test('an empty adjustment list matches and leaves the price', () => {
  assert.deepEqual(run({ 'banner|bidderA|*': [], '*|*|*': [mult(2)] }, { price: 3 }), {
    price: '3',
    currency: 'USA',
  });
});

test('bidder codes compare lower-cased', () => {
  assert.deepEqual(run({ 'banner|appnexus|*': [mult(2)] }, { price: 1, bidder: 'AppNexus' }), {
    price: '2',
    currency: 'USA',
  });
});

const PRIORITY: Array<[string, string[], string]> = [
  ['Priority1', ['banner|bidderA|dealId', 'banner|bidderA|*'], 'banner|bidderA|dealId'],
  ['Priority2', ['banner|bidderA|*', 'banner|*|dealId'], 'banner|bidderA|*'],
  ['Priority3', ['banner|*|dealId', '*|bidderA|dealId'], 'banner|*|dealId'],
  ['Priority4', ['*|bidderA|dealId', 'banner|*|*'], '*|bidderA|dealId'],
  ['Priority5', ['banner|*|*', '*|bidderA|*'], 'banner|*|*'],
  ['Priority6', ['*|bidderA|*', '*|*|dealId'], '*|bidderA|*'],
  ['Priority7', ['*|*|dealId', '*|*|*'], '*|*|dealId'],
];

test('G TestGet: rule priority with a deal id', () => {
  for (const [name, keys, want] of PRIORITY) {
    const rules = table(Object.fromEntries(keys.map((k, i) => [k, [mult(i + 1)]])));
    const got = findRule(rules, { mediaType: 'banner', bidder: 'bidderA', dealId: 'dealId' });
    assert.deepEqual(got, rules.get(want.replace('bidderA', 'biddera')), name);
  }
  const p8 = table({ '*|*|*': [mult(1.1)], 'banner|bidderA|dealId': [mult(2)] });
  assert.deepEqual(findRule(p8, { mediaType: 'banner', bidder: 'bidderB', dealId: 'dealId' }), [mult(1.1)]);
});

test('G TestGet: without a deal id, deal rules never match', () => {
  const rules = table({ 'banner|bidderA|*': [mult(1.1)], 'banner|*|*': [mult(2)], '*|*|d': [mult(3)] });
  assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'bidderA' }), [mult(1.1)]);
  const none = table({ 'banner|bidderA|dealId': [mult(1.1)], 'banner|bidderA|*': [mult(2)] });
  assert.equal(findRule(none, { mediaType: 'video-instream', bidder: 'bidderB', dealId: 'x' }), undefined);
});

test('ruleMediaType: video is outstream only for plcmt 2 (G)', () => {
  assert.equal(ruleMediaType('banner', {}), 'banner');
  assert.equal(ruleMediaType('native'), 'native');
  assert.equal(ruleMediaType('video', { video: { plcmt: 2 } }), 'video-outstream');
  assert.equal(ruleMediaType('video', { video: { plcmt: 1, placement: 3 } }), 'video-instream');
  assert.equal(ruleMediaType('video', { video: {} }), 'video-instream');
  assert.equal(ruleMediaType('video', undefined), 'video-instream');
});
