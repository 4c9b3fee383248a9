import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { exactMicros, exactProduct, formatMicros } from './micros.js';
import { decimalArb, decimalProduct } from './decimals.testkit.js';

test('exactMicros: integer micros for prices of up to 6 decimals, undefined beyond', () => {
  assert.equal(exactMicros(0.1), 100_000);
  assert.equal(exactMicros(2.13), 2_130_000);
  assert.equal(exactMicros(1.000001), 1_000_001);
  assert.equal(exactMicros(0), 0);
  assert.equal(exactMicros(-1.5), -1_500_000);
  assert.equal(exactMicros(1.0000001), undefined);
  assert.equal(exactMicros(0.1 + 0.2), undefined, '0.30000000000000004 has 17 decimals');
  assert.equal(exactMicros(1e9), undefined);
  assert.equal(exactMicros(Number.NaN), undefined);
});

test('exactMicros agrees with decimal.js on every double it accepts', () => {
  fc.assert(
    fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
      const m = exactMicros(x);
      const d = new Decimal(x).times(1_000_000);
      if (m === undefined) assert.ok(!d.isInteger() || d.abs().gte(1e15), `${x}`);
      else assert.ok(d.eq(m), `${x} → ${m}`);
    }),
    { numRuns: 20_000, seed: 7 },
  );
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (micros) => {
      assert.equal(exactMicros(micros / 1_000_000), micros);
    }),
    { numRuns: 20_000, seed: 8 },
  );
});

test('exactProduct: integer micros when exact, undefined when decimal.js must answer', () => {
  assert.equal(exactProduct(1.1, 0.9), 0.99);
  assert.equal(exactProduct(0.1, 3), 0.3, 'not 0.30000000000000004');
  assert.ok(Object.is(exactProduct(0, -2), -0), 'decimal.js: 0 × -2 is -0');
  assert.ok(Object.is(exactProduct(-0, -2), 0));
  assert.ok(Object.is(exactProduct(0, 1.5), 0));
  assert.equal(exactProduct(1.0000001, 2), undefined, '7 decimals');
  assert.equal(exactProduct(20_000, 0.85), undefined, '2e10 × 8.5e5 micros is beyond 2^53');
  assert.equal(exactProduct(1e9, 1), undefined);
  for (const [a, b] of [
    [1.1, 0.9],
    [0, -2],
    [-0, -2],
    [-1.5, 0],
    [9_007.199254, 1],
  ] as const)
    assert.ok(Object.is(exactProduct(a, b), decimalProduct(a, b)), `${a} × ${b}`);
});

test('property: exactProduct equals new Decimal(a).times(b).toNumber() whenever it answers', () => {
  const value = fc.oneof(
    { arbitrary: fc.constantFrom(0, -0, 1, 0.1, 1e-6, 1e-7, 1e-8, 999_999_999.999999), weight: 1 },
    { arbitrary: decimalArb(0), weight: 2 },
    { arbitrary: decimalArb(100), weight: 6 },
    { arbitrary: decimalArb(1e9), weight: 2 },
    { arbitrary: decimalArb(100).map((x) => -x), weight: 1 },
  );
  let exact = 0;
  let fallback = 0;
  fc.assert(
    fc.property(value, value, (a, b) => {
      const got = exactProduct(a, b);
      if (got === undefined) fallback += 1;
      else {
        exact += 1;
        assert.ok(Object.is(got, decimalProduct(a, b)), `${a} × ${b}: ${got} ≠ ${decimalProduct(a, b)}`);
      }
    }),
    { numRuns: 20_000, seed: 10 },
  );
  assert.ok(exact > 5_000 && fallback > 3_000, `exact ${exact}, fallback ${fallback}`);
});

test('formatMicros rounds down to the precision as Decimal#toFixed(ROUND_DOWN) does', () => {
  assert.equal(formatMicros(2_130_000, 2), '2.13');
  assert.equal(formatMicros(2_139_999, 2), '2.13');
  assert.equal(formatMicros(5, 0), '0');
  assert.equal(formatMicros(12_345_678, 8), '12.34567800');
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), fc.integer({ min: 0, max: 15 }), (m, p) => {
      const want = new Decimal(m).div(1_000_000).toFixed(p, Decimal.ROUND_DOWN);
      assert.equal(formatMicros(m, p), want);
    }),
    { numRuns: 20_000, seed: 9 },
  );
});
