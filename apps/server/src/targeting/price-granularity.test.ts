import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from 'decimal.js';
import {
  bucketValue,
  parsePriceGranularity,
  priceBucket,
  type PriceGranularity,
} from './price-granularity.js';

function parse(raw: unknown): PriceGranularity {
  const r = parsePriceGranularity(raw, 'pg');
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Deterministic PRNG (mulberry32) so the property tests replay identically. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('custom ranges: edges at 0, each max, inside, above the top', () => {
  const g = parse({
    precision: 2,
    ranges: [
      { max: 5, increment: 0.05 },
      { max: 10, increment: 0.1 },
      { max: 20, increment: 0.5 },
    ],
  });
  const table: [number, string][] = [
    [0, '0.00'],
    [-1, '0.00'],
    [0.01, '0.00'],
    [0.05, '0.05'],
    [4.99, '4.95'],
    [5, '5.00'],
    [5.01, '5.00'],
    [5.09, '5.00'],
    [5.1, '5.10'],
    [10, '10.00'],
    [10.49, '10.00'],
    [10.5, '10.50'],
    [19.99, '19.50'],
    [20, '20.00'],
    [20.01, '20.00'],
    [1000, '20.00'],
  ];
  for (const [price, want] of table) assert.equal(priceBucket(price, g), want, `price ${price}`);
});

test('exact decimal: 2.13 with increment 0.01 is 2.13 and 0.30 with 0.10 is 0.30 (no float artefacts)', () => {
  assert.equal(priceBucket(2.13, parse('high')), '2.13');
  assert.equal(priceBucket(0.3, parse('medium')), '0.30');
  assert.equal(priceBucket(1.1, parse({ ranges: [{ max: 20, increment: 0.1 }] })), '1.10');
});

test('precision 0 to 4', () => {
  const ranges = [{ max: 100, increment: 0.0001 }];
  const want = ['12', '12.3', '12.34', '12.345', '12.3456'];
  for (let p = 0; p <= 4; p++) {
    assert.equal(priceBucket(12.34567, parse({ precision: p, ranges })), want[p], `precision ${p}`);
  }
  assert.equal(priceBucket(0, parse({ precision: 0, ranges })), '0');
  assert.equal(priceBucket(150, parse({ precision: 3, ranges })), '100.000');
  assert.equal(priceBucket(0, parse({ precision: 4, ranges })), '0.0000');
});

test('the five string forms (notes §9)', () => {
  const cases: [string, number, string][] = [
    ['low', 4.74, '4.50'],
    ['low', 5.01, '5.00'],
    ['med', 7.88, '7.80'],
    ['medium', 20.5, '20.00'],
    ['high', 7.888, '7.88'],
    ['auto', 4.99, '4.95'],
    ['auto', 7.77, '7.70'],
    ['auto', 12.7, '12.50'],
    ['auto', 25, '20.00'],
    ['dense', 2.999, '2.99'],
    ['dense', 3.07, '3.05'],
    ['dense', 9.9, '9.50'],
    ['dense', 21, '20.00'],
  ];
  for (const [form, price, want] of cases)
    assert.equal(priceBucket(price, parse(form)), want, `${form} ${price}`);
});

test('defaults: precision 2, no ranges = medium', () => {
  assert.equal(priceBucket(3.33, parse({})), '3.30');
  assert.equal(priceBucket(3.33, parse({ precision: 3 })), '3.300');
});

test('invalid granularities name the field', () => {
  const bad: [unknown, RegExp][] = [
    ['ultra', /pg: invalid string price granularity with value: ultra/],
    [{ ranges: [{ max: 5, increment: 0 }] }, /pg\.ranges\[0\]\.increment must be a positive number/],
    [{ ranges: [{ max: 5, increment: -1 }] }, /increment must be a positive number/],
    [
      {
        ranges: [
          { max: 10, increment: 1 },
          { max: 5, increment: 1 },
        ],
      },
      /pg\.ranges\[1\]\.max: ranges must be listed in increasing max/,
    ],
    [
      {
        ranges: [
          { max: 5, increment: 1 },
          { max: 5, increment: 1 },
        ],
      },
      /increasing max/,
    ],
    [{ ranges: [{ increment: 1 }] }, /pg\.ranges\[0\]\.max must be a number/],
    [{ precision: -1 }, /pg\.precision must be an integer/],
    [{ precision: 1.5 }, /pg\.precision/],
    [{ precision: 16 }, /pg\.precision/],
    [42, /pg must be a string or an object/],
  ];
  for (const [raw, re] of bad) {
    const r = parsePriceGranularity(raw, 'pg');
    assert.equal(r.ok, false, JSON.stringify(raw));
    if (!r.ok) assert.match(r.error, re);
  }
});

test('property: for random ranges and prices, bucket ≤ price < bucket + increment (inside the ranges)', () => {
  const next = rng(20261122);
  for (let round = 0; round < 300; round++) {
    const ranges: { max: number; increment: number }[] = [];
    let max = 0;
    const n = 1 + Math.floor(next() * 4);
    for (let i = 0; i < n; i++) {
      const incCents = [1, 2, 5, 10, 25, 50, 100][Math.floor(next() * 7)] ?? 1;
      max += Math.round(incCents * (1 + Math.floor(next() * 40))) / 100;
      max = Number(max.toFixed(2));
      ranges.push({ max, increment: incCents / 100 });
    }
    const g = parse({ precision: 2, ranges });
    for (let k = 0; k < 50; k++) {
      const price = Number((next() * max * 1.2).toFixed(Math.floor(next() * 5)));
      const bucket = bucketValue(price, g);
      const p = new Decimal(price);
      const top = g.ranges[g.ranges.length - 1]!;
      if (p.gt(top.max)) {
        assert.ok(bucket.eq(top.max), `above top: ${price} → ${bucket.toString()}`);
        continue;
      }
      if (p.lte(0)) {
        assert.ok(bucket.eq(0));
        continue;
      }
      const range = g.ranges.find((r) => p.lte(r.max))!;
      assert.ok(bucket.lte(p), `${bucket.toString()} ≤ ${price} (${JSON.stringify(ranges)})`);
      assert.ok(
        p.lt(bucket.plus(range.increment)),
        `${price} < ${bucket.toString()} + ${range.increment.toString()}`,
      );
      // Formatting with precision 2 never rounds up.
      assert.ok(new Decimal(priceBucket(price, g)).lte(p));
    }
  }
});

test('a range own min is where its buckets start (G); a price in a gap below it has no bucket', () => {
  const parsed = parsePriceGranularity({ precision: 4, ranges: [{ min: 10, max: 30, increment: 1.5 }] }, 'g');
  assert.ok(parsed.ok);
  if (!parsed.ok) return;
  assert.equal(priceBucket(18, parsed.value), '17.5000');
  assert.equal(priceBucket(5, parsed.value), '0.0000');
});

test('the integer-micros path buckets exactly as decimal.js does, for every granularity form', () => {
  const forms: unknown[] = [
    'low',
    'medium',
    'high',
    'auto',
    'dense',
    {
      precision: 3,
      ranges: [
        { max: 2.5, increment: 0.003 },
        { max: 7, increment: 0.125 },
      ],
    },
    {
      precision: 7,
      ranges: [
        { max: 1, increment: 0.0000001 },
        { max: 3, increment: 0.25 },
      ],
    },
    { precision: 1, ranges: [{ min: 1.5, max: 4, increment: 0.2 }] },
  ];
  const next = rng(11);
  for (const form of forms) {
    const g = parse(form);
    for (let i = 0; i < 4000; i++) {
      const digits = Math.floor(next() * 9);
      const price = Number((next() * 30 - 1).toFixed(digits));
      const want = bucketValue(new Decimal(price), g).toFixed(g.precision, Decimal.ROUND_DOWN);
      assert.equal(priceBucket(price, g), want, `${JSON.stringify(form)} ${price}`);
    }
  }
});
