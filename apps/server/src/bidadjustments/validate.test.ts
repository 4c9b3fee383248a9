import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { parseBidAdjustments } from './parse.js';
import { isValidAdjustment, isValidBidAdjustments } from './validate.js';
import { block } from './bidadjustments.testkit.js';
import type { Adjustment } from './types.js';

test('G TestValidateAdjustment', () => {
  const cases: Array<[string, { adjtype: string; value: number; currency: string }, boolean]> = [
    ['ValidCpm', { adjtype: 'cpm', value: 5, currency: 'USD' }, true],
    ['ValidMultiplier', { adjtype: 'multiplier', value: 2, currency: '' }, true],
    ['ValidStatic', { adjtype: 'static', value: 3, currency: 'USD' }, true],
    ['InvalidCpm', { adjtype: 'cpm', value: 5, currency: '' }, false],
    ['InvalidMultiplier', { adjtype: 'multiplier', value: 200, currency: '' }, false],
    ['InvalidStatic', { adjtype: 'static', value: -3, currency: 'USD' }, false],
    ['InvalidAdjType', { adjtype: 'Invalid', value: 1, currency: '' }, false],
    ['EmptyAdjustment', { adjtype: '', value: 0, currency: '' }, false],
    ['MultiplierZero', { adjtype: 'multiplier', value: 0, currency: '' }, true],
    ['MultiplierJustBelow100', { adjtype: 'multiplier', value: 99.99, currency: '' }, true],
    ['Multiplier100', { adjtype: 'multiplier', value: 100, currency: '' }, false],
    ['CpmZero', { adjtype: 'cpm', value: 0, currency: 'USD' }, true],
    ['CpmNegative', { adjtype: 'cpm', value: -0.01, currency: 'USD' }, false],
    ['UpperCaseType', { adjtype: 'CPM', value: 1, currency: 'USD' }, false],
  ];
  for (const [name, a, want] of cases) assert.equal(isValidAdjustment(a), want, name);
});

/** The decimal.js implementation the double comparisons replaced: the reference. */
function referenceIsValid(a: Adjustment): boolean {
  const value = new Decimal(a.value);
  if (value.isNegative() && !value.isZero()) return false;
  switch (a.adjtype) {
    case 'multiplier':
      return value.lessThan(100);
    case 'cpm':
    case 'static':
      return a.currency !== '';
    default:
      return false;
  }
}

test('property: isValidAdjustment equals the decimal.js reference', () => {
  const edges = [
    0,
    -0,
    100,
    99.99999999,
    100.00000001,
    Number('99.999999999999999'),
    -1e-8,
    1e-8,
    1e300,
    -1e-300,
  ];
  const specials = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MIN_VALUE];
  const decimals = fc
    .tuple(
      fc.integer({ min: 0, max: 1e9 }),
      fc.integer({ min: 0, max: 99_999_999 }),
      fc.integer({ min: 0, max: 8 }),
    )
    .map(([int, frac, d]) =>
      Number(d === 0 ? `${int}` : `${int}.${String(frac).padStart(8, '0').slice(0, d)}`),
    );
  const value = fc.oneof(
    fc.constantFrom(...edges, ...specials),
    decimals,
    decimals.map((x) => -x),
    fc.double(),
    fc.double({ min: 99, max: 101 }),
  );
  const adjustment = fc.record({
    adjtype: fc.constantFrom('multiplier', 'cpm', 'static', 'CPM', ''),
    value,
    currency: fc.constantFrom('', 'USD'),
  });
  fc.assert(
    fc.property(adjustment, (a) => {
      assert.equal(isValidAdjustment(a), referenceIsValid(a), JSON.stringify(a) + ` ${a.value}`);
    }),
    { numRuns: 10_000, seed: 11 },
  );
  for (const v of [...edges, ...specials])
    for (const adjtype of ['multiplier', 'cpm'])
      assert.equal(
        isValidAdjustment({ adjtype, value: v, currency: 'USD' }),
        referenceIsValid({ adjtype, value: v, currency: 'USD' }),
        `${adjtype} ${v}`,
      );
});

test('G TestValidate: every media type counts; one bad adjustment spoils the block', () => {
  const ok = [{ adjtype: 'multiplier', value: 1.1 }];
  const bad = [{ adjtype: 'multiplier', value: 200 }];
  assert.equal(isValidBidAdjustments(undefined), true);
  assert.equal(isValidBidAdjustments(block({})), true);
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: { d: ok } } } })), true);
  for (const type of ['banner', 'audio', 'native', 'video-instream', 'video-outstream', '*']) {
    const b = block({
      mediatype: { banner: { a: { d: ok, e: [ok[0], bad[0]] } }, [type]: { x: { '*': bad } } },
    });
    assert.equal(isValidBidAdjustments(b), false, type);
  }
  // unknown media types are ignored (G's struct has no field for them)
  assert.equal(isValidBidAdjustments(block({ mediatype: { video: { a: { d: bad } } } })), true);
});

test('G TestValidateForMediaType: null bidder or deal entries are invalid, empty ones are fine', () => {
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: null } } })), false);
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: { d: null } } } })), false);
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: {} } } })), true);
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: { d: [] } } } })), true);
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: null } })), true);
  // a null adjustment is the zero adjustment: no type → invalid
  assert.equal(isValidBidAdjustments(block({ mediatype: { banner: { a: { d: [null] } } } })), false);
});

test('parse: G zero values for null scalars; wrong JSON types are shape errors', () => {
  const p = parseBidAdjustments({
    mediatype: { banner: { A: { d: [{ adjtype: 'static', value: null, currency: 'USD' }] } } },
  });
  assert.equal(p.ok, true);
  if (p.ok)
    assert.deepEqual(p.value?.mediaTypes.get('banner')?.get('a')?.get('d'), [
      { adjtype: 'static', value: 0, currency: 'USD' },
    ]);
  const errors: Array<[unknown, string]> = [
    ['x', 'bidadjustments must be an object'],
    [{ mediatype: [] }, 'bidadjustments.mediatype must be an object'],
    [{ mediatype: { audio: 1 } }, 'bidadjustments.mediatype.audio must be an object'],
    [{ mediatype: { audio: { a: [] } } }, 'bidadjustments.mediatype.audio.a must be an object'],
    [{ mediatype: { audio: { a: { d: {} } } } }, 'bidadjustments.mediatype.audio.a.d must be an array'],
    [{ mediatype: { audio: { a: { d: [1] } } } }, 'bidadjustments.mediatype.audio.a.d[0] must be an object'],
    [
      { mediatype: { '*': { a: { d: [{ adjtype: 1 }] } } } },
      'bidadjustments.mediatype.*.a.d[0].adjtype must be a string',
    ],
    [
      { mediatype: { '*': { a: { d: [{ currency: false }] } } } },
      'bidadjustments.mediatype.*.a.d[0].currency must be a string',
    ],
  ];
  for (const [raw, error] of errors) assert.deepEqual(parseBidAdjustments(raw), { ok: false, error });
  assert.deepEqual(parseBidAdjustments(undefined), { ok: true, value: undefined });
});
