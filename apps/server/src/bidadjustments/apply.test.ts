import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  applyBidAdjustments,
  findRule,
  ruleMediaType,
  type AdjustedPrice,
  type ApplyBidAdjustmentsInput,
} from './apply.js';
import { adjustExactly } from './exact.js';
import { converter, cpm, mult, stat, table } from './bidadjustments.testkit.js';
import type { Converter } from '../currency/converter.js';
import type { Adjustment, BidRuleMediaType, RuleTable } from './types.js';
import { decimalArb } from '../targeting/decimals.testkit.js';

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
  return { price: new Decimal(r.price).toString(), currency: r.currency };
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

test('findRule: lookups remembered per table answer as the first lookup did, whatever the case or the order', () => {
  const rules = table({
    'banner|bidderA|*': [mult(1.1)],
    '*|*|*': [mult(2)],
    'video-instream|*|*': [mult(3)],
  });
  const other = table({ 'banner|*|*': [mult(4)] });
  for (let round = 0; round < 3; round++) {
    assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'bidderA' }), [mult(1.1)]);
    assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'BIDDERA' }), [mult(1.1)]);
    assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'bidderB' }), [mult(2)]);
    assert.deepEqual(findRule(rules, { mediaType: 'video-instream', bidder: 'bidderA' }), [mult(3)]);
    assert.deepEqual(findRule(other, { mediaType: 'banner', bidder: 'bidderA' }), [mult(4)], 'per table');
    assert.equal(findRule(other, { mediaType: 'native', bidder: 'bidderA' }), undefined, 'no rule, again');
    assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'bidderA', dealId: 'd' }), [mult(1.1)]);
  }
  // More bidders than are remembered (4,096 per table): each answer is still the table's.
  for (let i = 0; i < 4200; i++)
    assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: `b${i}` }), [mult(2)], `b${i}`);
  assert.deepEqual(findRule(rules, { mediaType: 'banner', bidder: 'bidderA' }), [mult(1.1)]);
});

test('ruleMediaType: video is outstream only for plcmt 2 (G)', () => {
  assert.equal(ruleMediaType('banner', {}), 'banner');
  assert.equal(ruleMediaType('native'), 'native');
  assert.equal(ruleMediaType('video', { video: { plcmt: 2 } }), 'video-outstream');
  assert.equal(ruleMediaType('video', { video: { plcmt: 1, placement: 3 } }), 'video-instream');
  assert.equal(ruleMediaType('video', { video: {} }), 'video-instream');
  assert.equal(ruleMediaType('video', undefined), 'video-instream');
});

test('the integer path and decimal.js: same cases either way', () => {
  // exact in integers: cpm in the static's currency; a negative intermediate; -0 floored
  assert.deepEqual(run({ '*|*|*': [stat(5, 'EUR'), mult(1.5), cpm(8, 'EUR')] }, { price: 10 }), {
    price: '0.1',
    currency: 'USA',
  });
  assert.deepEqual(run({ '*|*|*': [mult(2)] }, { price: -0, dealId: 'd' }), { price: '0', currency: 'USA' });
  // 7 decimals, a product beyond 2^53, a result of 16 digits: decimal.js, same rounding
  assert.deepEqual(run({ '*|*|*': [mult(1.0000001)] }, { price: 2 }), { price: '2', currency: 'USA' });
  assert.deepEqual(
    run({ '*|*|*': [mult(1.234567), mult(7.654321), mult(3.333333)] }, { price: 123.456789 }),
    {
      price: '3888.7947',
      currency: 'USA',
    },
  );
  assert.deepEqual(run({ '*|*|*': [mult(99.99)] }, { price: 123456789.12345 }), {
    price: '12344444344.4538',
    currency: 'USA',
  });
  // a chain of short multipliers stays in integers (trailing zeros dropped): 2 × 1.1^4
  assert.deepEqual(adjustExactly([mult(1.1), mult(1.1), mult(1.1), mult(1.1)], 2, 'USA'), {
    price: 2.9282,
    currency: 'USA',
  });
  assert.equal(adjustExactly([mult(1.234567), mult(7.654321), mult(3.333333)], 123.456789, 'USA'), undefined);
  assert.equal(adjustExactly([cpm(1, 'EUR')], 10, 'USA'), undefined, 'a conversion is decimal.js work');
  // 16 digits: the nearest double reads back as ….534, so the exact Decimal is returned instead
  const long = [mult(9), mult(99)];
  assert.equal(adjustExactly(long, 968_606_098.8951, 'USA'), undefined);
  assert.deepEqual(run({ '*|*|*': long }, { price: 968_606_098.8951 }), {
    price: '863028034115.5341',
    currency: 'USA',
  });
  assert.deepEqual(run({ '*|*|*': [mult(0.00005)] }, { price: 1 }), { price: '0.0001', currency: 'USA' });
  assert.deepEqual(run({ '*|*|*': [mult(0.00005)] }, { price: 0.99999 }), { price: '0.1', currency: 'USA' });
});

// ---- Property tests: every path against the decimal.js implementation it replaced ----

/** The decimal.js implementation before the integer path, verbatim in behaviour: the reference. */
function referenceApply(input: ApplyBidAdjustmentsInput): {
  price: Decimal;
  currency: string;
  matched: boolean;
} {
  const start = { price: new Decimal(input.price), currency: input.currency };
  if (input.rules.size === 0) return { price: start.price, currency: start.currency, matched: false };
  const list = findRule(input.rules, input);
  const adjusted = list && list.length > 0 ? referenceRun(list, start, input.converter) : start;
  const matched = list !== undefined;
  const hasDeal = (input.dealId ?? '') !== '';
  if (hasDeal && adjusted.price.isNegative() && !adjusted.price.isZero())
    return { price: new Decimal(0), currency: input.currency, matched };
  if (!hasDeal && (adjusted.price.isNegative() || adjusted.price.isZero()))
    return { price: new Decimal('0.1'), currency: input.currency, matched };
  const price = adjusted.price.isZero() ? new Decimal(0) : adjusted.price;
  return { price, currency: adjusted.currency, matched };
}

function referenceRun(
  list: readonly Adjustment[],
  start: { price: Decimal; currency: string },
  conv: Converter,
): { price: Decimal; currency: string } {
  let { price, currency } = start;
  for (const a of list) {
    if (a.adjtype === 'multiplier') price = price.times(a.value);
    else if (a.adjtype === 'static') {
      price = new Decimal(a.value);
      currency = a.currency;
    } else if (a.adjtype === 'cpm') {
      const converted = conv.convert(a.value, a.currency, currency);
      if (!converted.ok) return start;
      price = price.minus(converted.price);
    }
  }
  return { price: price.toDecimalPlaces(4, Decimal.ROUND_HALF_UP), currency };
}

/** Prices and values: 0, tiny, everyday, large (up to 1e9), now and then negative. */
const valueArb: fc.Arbitrary<number> = fc.oneof(
  {
    arbitrary: fc.constantFrom(0, -0, 0.1, 1, 0.00005, 0.0001, 1e-8, Number('999999999.99999999')),
    weight: 1,
  },
  { arbitrary: decimalArb(0), weight: 2 },
  { arbitrary: decimalArb(100), weight: 8 },
  { arbitrary: decimalArb(1e9), weight: 2 },
  { arbitrary: decimalArb(100).map((x) => -x), weight: 1 },
);

// USD is the bid currency. EUR converts at 2.5 both ways (exact), JPY through 1/150 (20 digits), GBP not.
const propConv = converter({ EUR: { USD: 2.5 }, USD: { JPY: 150, EUR: 0.4 } });
const currencyArb = fc.constantFrom('USD', 'USD', 'USD', 'EUR', 'JPY', 'GBP');

const adjustmentArb: fc.Arbitrary<Adjustment> = fc.oneof(
  { arbitrary: fc.tuple(valueArb).map(([v]) => mult(v)), weight: 3 },
  { arbitrary: fc.tuple(decimalArb(3)).map(([v]) => mult(v)), weight: 2 },
  { arbitrary: fc.tuple(valueArb, currencyArb).map(([v, c]) => cpm(v, c)), weight: 3 },
  { arbitrary: fc.tuple(valueArb, currencyArb).map(([v, c]) => stat(v, c)), weight: 2 },
);

const caseArb = fc.record({
  price: valueArb,
  list: fc.array(adjustmentArb, { minLength: 0, maxLength: 4 }),
  key: fc.constantFrom('*|*|*', 'banner|biddera|*', '*|*|d1', 'audio|*|*'),
  dealId: fc.constantFrom(undefined, '', 'd1', 'd2'),
});

function inputOf(c: { price: number; list: Adjustment[]; key: string; dealId: string | undefined }) {
  const rules: RuleTable = new Map([[c.key, c.list]]);
  const input: ApplyBidAdjustmentsInput = {
    rules,
    bidder: 'bidderA',
    mediaType: 'banner',
    dealId: c.dealId,
    price: c.price,
    currency: 'USD',
    converter: propConv,
  };
  return input;
}

/** What adjust-bid-rules makes of a result: a number in USD, converting back from another currency. */
function finalPrice(price: number | Decimal, currency: string): number | string {
  if (currency === 'USD') return typeof price === 'number' ? price : price.toNumber();
  const back = propConv.convert(price, currency, 'USD');
  return back.ok ? back.price.toNumber() : back.error;
}

function assertSame(got: AdjustedPrice, want: ReturnType<typeof referenceApply>, label: string): void {
  assert.equal(got.currency, want.currency, label);
  assert.equal(got.matched, want.matched, label);
  assert.ok(
    new Decimal(got.price).eq(want.price),
    `${label}: ${String(got.price)} ≠ ${want.price.toString()}`,
  );
  const gotNumber = typeof got.price === 'number' ? got.price : got.price.toNumber();
  assert.ok(Object.is(gotNumber, want.price.toNumber()), label);
  assert.ok(Object.is(finalPrice(got.price, got.currency), finalPrice(want.price, want.currency)), label);
}

test('property: applyBidAdjustments equals the decimal.js reference, bit for bit', () => {
  let exact = 0;
  let fallback = 0;
  fc.assert(
    fc.property(caseArb, (c) => {
      const input = inputOf(c);
      if (c.list.length > 0) {
        if (adjustExactly(c.list, c.price, 'USD') === undefined) fallback += 1;
        else exact += 1;
      }
      assertSame(applyBidAdjustments(input), referenceApply(input), JSON.stringify(c));
    }),
    { numRuns: 10_000, seed: 42 },
  );
  // both paths really ran (with this mix about 2,200 cases take the integer path, 5,800 decimal.js;
  // the rest have an empty rule or none)
  assert.ok(exact > 1_500 && fallback > 1_500, `exact ${exact}, fallback ${fallback}`);
});

test('property: the integer path, before the floors, equals decimal.js whenever it answers', () => {
  let answered = 0;
  fc.assert(
    fc.property(valueArb, fc.array(adjustmentArb, { minLength: 1, maxLength: 4 }), (price, list) => {
      const got = adjustExactly(list, price, 'USD');
      if (got === undefined) return;
      answered += 1;
      const want = referenceRun(list, { price: new Decimal(price), currency: 'USD' }, propConv);
      const label = JSON.stringify({ price, list });
      assert.equal(got.currency, want.currency, label);
      // -0 is not kept here (the floors turn every zero into 0 or 0.1)
      assert.ok(
        Object.is(got.price, want.price.toNumber()) || (got.price === 0 && want.price.isZero()),
        label,
      );
      // the number stands for the exact result: its shortest form is the decimal itself
      assert.ok(new Decimal(got.price).eq(want.price), label);
    }),
    { numRuns: 10_000, seed: 43 },
  );
  assert.ok(answered > 1_500, `answered ${answered}`); // about 2,600
});
