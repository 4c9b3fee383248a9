import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Imp } from '../openrtb/types.js';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { mergeFloors, minFloorValue, resolveFloorMin, round4 } from './floor-min.js';
import { rateConverter } from './floors.testkit.js';
import type { PriceFloorRules } from './types.js';

// G rule_test.go TestGetMinFloorValue
test('floor minimum of an imp in the floor currency', () => {
  const convert = rateConverter({ USD: { INR: 81.17 } });
  const imp = (floors: unknown): Imp => ({ id: '1', ext: { prebid: { floors } } });
  const cases: Array<[PriceFloorRules, unknown, number, string]> = [
    [
      { floormin: 2, floormincur: 'INR', data: { currency: 'INR' } },
      { floorMinCur: 'INR', floorMin: 1 },
      1,
      'INR',
    ],
    [{}, { floorMinCur: 'INR', floorMin: 1 }, 0.0123, 'USD'],
    [{ floormin: 1, floormincur: 'EUR', data: { currency: 'EUR' } }, {}, 1, 'EUR'],
    [{ floormin: 2, data: { currency: 'INR' } }, { floorMinCur: 'INR' }, 2, 'INR'],
    [{ floormincur: 'USD', data: { currency: 'INR' } }, { FloorMin: 2 }, 162.34, 'INR'],
    [{ floormincur: 'USD' }, { floorMinCur: 'USD', floorMin: 1 }, 1, 'USD'],
    [{ floormincur: 'EUR', data: { currency: 'INR' } }, { floorMinCur: 'USD', floorMin: 1 }, 81.17, 'INR'],
    [
      { floormin: 2, floormincur: 'JPY', data: { currency: 'INR' } },
      { floorMinCur: 'USD', floorMin: 0 },
      162.34,
      'INR',
    ],
    [
      { floormin: 1, floormincur: 'EUR', data: { currency: 'EUR' } },
      { floorMinCur: '', floorMin: -1 },
      1,
      'EUR',
    ],
  ];
  for (const [rules, impFloors, min, cur] of cases) {
    const got = minFloorValue(rules, imp(impFloors), 'prebid', convert);
    assert.deepEqual(got, { floorMin: min, floorCur: cur }, JSON.stringify([rules, impFloors]));
  }
});

test('floor minimum errors: unknown pair, bad imp.ext', () => {
  const convert = rateConverter({ USD: { INR: 81.17 } });
  const bad = minFloorValue(
    { floormin: 80, floormincur: 'ABCD', data: { currency: 'USD' } },
    { id: '1' },
    'prebid',
    convert,
  );
  assert.equal(bad.error, "Error in getting FloorMin value : 'currency conversion not supported'");
  const badExt = minFloorValue(
    {},
    { id: '1', ext: { prebid: { floors: { floormin: 'x' } } } },
    'prebid',
    convert,
  );
  assert.equal(
    badExt.error,
    "Error in getting FloorMin value : 'imp.ext.prebid.floors.floormin must be a number'",
  );
});

// G floors_test.go TestResolveFloorMin
test('floor minimum of request and fetched floors', () => {
  const convert = rateConverter({ USD: { INR: 70, EUR: 0.9, JPY: 5.09 } });
  const cases: Array<[PriceFloorRules, PriceFloorRules, number, string]> = [
    [{ floormin: 10, floormincur: 'JPY' }, {}, 10, 'JPY'],
    [{ floormin: 10, floormincur: 'JPY', data: { currency: 'USD' } }, {}, 10, 'JPY'],
    [{ floormin: 10, data: { currency: 'USD' } }, {}, 10, 'USD'],
    [{ floormin: 10, floormincur: 'USD' }, { floormin: 15, floormincur: 'INR' }, 10, 'USD'],
    [{}, { floormin: 15, floormincur: 'EUR' }, 15, 'EUR'],
    [{ floormincur: 'EUR' }, { floormin: 15, floormincur: 'EUR' }, 15, 'EUR'],
    [{ floormincur: 'USD' }, { floormin: 15, floormincur: 'EUR' }, 16.6667, 'USD'],
    [{ floormin: 11 }, { floormincur: 'EUR' }, 11, 'EUR'],
    [{ floormincur: 'INR' }, { floormin: 12 }, 12, 'INR'],
    [{ floormincur: 'INR' }, { floormin: 1, data: { currency: 'USD' } }, 70, 'INR'],
    [{ floormin: 2 }, { data: { currency: 'USD' } }, 2, 'USD'],
    [{}, { floormin: 12, data: { currency: 'USD' } }, 12, 'USD'],
    [{}, {}, 0, ''],
  ];
  for (const [req, fetched, min, cur] of cases) {
    assert.deepEqual(
      resolveFloorMin(req, fetched, convert),
      { floorMin: min, floorMinCur: cur },
      JSON.stringify([req, fetched]),
    );
  }
});

// G floors_test.go TestMergeFloors
test('merging fetched data with the request floors', () => {
  const convert = rateConverter({ USD: { INR: 70 } });
  const data = {
    currency: 'INR',
    modelgroups: [{ schema: { fields: ['mediaType'] }, values: { banner: 5 } }],
  };
  assert.deepEqual(mergeFloors(undefined, data, convert), { data, enabled: true });
  const merged = mergeFloors(
    {
      enabled: true,
      floormin: 2,
      floormincur: 'USD',
      enforcement: { enforcepbs: true, floordeals: true },
      floorendpoint: { url: 'http://floors.example/x' },
      data: { currency: 'USD', modelgroups: [] },
    },
    data,
    convert,
  );
  assert.deepEqual(merged, {
    data,
    enabled: true,
    enforcement: { enforcepbs: true, floordeals: true },
    floormin: 2,
    floormincur: 'USD',
    floorendpoint: { url: 'http://floors.example/x' },
  });
  assert.equal(mergeFloors({ enabled: false }, data, convert).enabled, false);
});

test('property: round4 gives what decimal.js gives (half away from zero), both paths', () => {
  const decimal = (x: number) => new Decimal(x).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();
  const value = fc.oneof(
    fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 }))
      .map(([n, d]) => n / 10 ** d),
    fc.double({ min: -1e10, max: 1e10, noNaN: true }),
    fc.constantFrom(0, -0, 0.00005, -0.00005, 0.00004999, 1.23445, 1.23455, 2.5e-5, 999999999.99995),
  );
  fc.assert(
    fc.property(value, (x) => {
      assert.ok(Object.is(round4(x), decimal(x)), `round4(${x})`);
    }),
    { numRuns: 20000, seed: 4 },
  );
});
