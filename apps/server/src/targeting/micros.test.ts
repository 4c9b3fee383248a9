import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { exactMicros, formatMicros } from './micros.js';

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
