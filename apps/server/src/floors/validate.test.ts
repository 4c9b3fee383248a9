import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PriceFloorModelGroup } from './types.js';
import {
  lowerValidRuleKeys,
  selectValidModelGroups,
  validateFloorParams,
  validateSchemaDimensions,
} from './validate.js';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { goFixed4, goFloat } from './format.js';

// G validate_test.go TestValidateFloorParams
test('request-level parameters, with the namespace in the path', () => {
  assert.equal(
    validateFloorParams({ skiprate: -10 }, 'prebid'),
    "Invalid SkipRate = '-10' at ext.prebid.floors.skiprate",
  );
  assert.equal(
    validateFloorParams({ data: { skiprate: -10 } }, 'prebid'),
    "Invalid SkipRate = '-10' at ext.prebid.floors.data.skiprate",
  );
  assert.equal(
    validateFloorParams({ skiprate: 110 }, 'core'),
    "Invalid SkipRate = '110' at ext.core.floors.skiprate",
  );
  assert.equal(
    validateFloorParams({ floormin: -10 }, 'prebid'),
    "Invalid FloorMin = '-10', value should be >= 0",
  );
  assert.equal(
    validateFloorParams({ data: { floorsschemaversion: 1 } }, 'prebid'),
    "Invalid FloorsSchemaVersion = '1', supported version 2",
  );
  assert.equal(
    validateFloorParams({ data: { floorsschemaversion: -2 } }, 'prebid'),
    "Invalid FloorsSchemaVersion = '-2', supported version 2",
  );
  assert.equal(
    validateFloorParams({ floormin: 1, skiprate: 10, data: { floorsschemaversion: 2 } }, 'prebid'),
    undefined,
  );
});

const group = (g: Partial<PriceFloorModelGroup>): PriceFloorModelGroup =>
  Object.assign(
    {
      modelversion: 'Version 1',
      schema: { fields: ['mediaType', 'size', 'domain'], delimiter: '|' },
      values: { 'banner|300x250|www.website.com': 1.01, 'banner|300x250|*': 2.01 },
    },
    g,
  );

// G TestSelectValidFloorModelGroups
test('invalid model groups are dropped with upstream messages', () => {
  const limits = { maxRules: 100, maxSchemaDims: 3 };
  const one = (g: Partial<PriceFloorModelGroup>, l = limits) => selectValidModelGroups([group(g)], l).errors;
  assert.deepEqual(one({ skiprate: 110 }), [
    "Invalid Floor Model = 'Version 1' due to SkipRate = '110' is out of range (1-100)",
  ]);
  assert.deepEqual(one({ modelweight: -1 }), [
    "Invalid Floor Model = 'Version 1' due to ModelWeight = '-1' is out of range (1-100)",
  ]);
  assert.deepEqual(one({ modelweight: 101 }), [
    "Invalid Floor Model = 'Version 1' due to ModelWeight = '101' is out of range (1-100)",
  ]);
  assert.deepEqual(one({ default: -1 }), [
    "Invalid Floor Model = 'Version 1' due to Default = '-1' is less than 0",
  ]);
  assert.deepEqual(one({}, { maxRules: 100, maxSchemaDims: 2 }), [
    "Invalid Floor Model = 'Version 1' due to number of schema fields = '3' are greater than limit 2",
  ]);
  assert.deepEqual(one({ schema: { fields: ['creativeType', 'size', 'domain'] } }), [
    "Invalid schema dimension provided = 'creativeType' in Schema Fields = '[creativeType size domain]'",
  ]);
  assert.deepEqual(one({}, { maxRules: 1, maxSchemaDims: 3 }), [
    "Invalid Floor Model = 'Version 1' due to number of rules = '2' are greater than limit 1",
  ]);
  assert.deepEqual(selectValidModelGroups([], limits).errors, ['No model group present in floors.data']);
  assert.deepEqual(one({}, { maxRules: 0, maxSchemaDims: 0 }), []); // 0 = no limit
  const mixed = selectValidModelGroups([group({ skiprate: 110 }), group({ modelversion: 'ok' })], limits);
  assert.deepEqual(
    mixed.valid.map((g) => g.modelversion),
    ['ok'],
  );
  assert.equal(mixed.errors.length, 1);
});

test('a frozen (kept) group is checked once per limits: each limit still gets its own answer', () => {
  const frozen = Object.freeze(group({}));
  const errorsFor = (l: { maxRules: number; maxSchemaDims: number }) =>
    selectValidModelGroups([frozen], l).errors;
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(errorsFor({ maxRules: 100, maxSchemaDims: 3 }), []);
    assert.deepEqual(errorsFor({ maxRules: 1, maxSchemaDims: 3 }), [
      "Invalid Floor Model = 'Version 1' due to number of rules = '2' are greater than limit 1",
    ]);
  }
});

// G TestValidateSchemaDimensions, TestValidateFloorRulesAndLowerValidRuleKey
test('schema dimensions and rule keys', () => {
  assert.equal(
    validateSchemaDimensions(['deviceType', 'dealType']),
    "Invalid schema dimension provided = 'dealType' in Schema Fields = '[deviceType dealType]'",
  );
  assert.equal(
    validateSchemaDimensions(['siteDomain', 'pubDomain', 'gptSlot', 'adUnitCode', 'country']),
    undefined,
  );
  const out = lowerValidRuleKeys(
    group({
      values: {
        'BANNER|300x600|WWW.website.com': 5,
        'banner|300x600|www.website.com|www.test.com': 6,
        'banner|300x600': 7,
        '*|*|*': 8,
      },
    }),
  );
  assert.deepEqual(out.values, { 'banner|300x600|www.website.com': 5, '*|*|*': 8 });
  assert.deepEqual(out.errors, [
    "Invalid Floor Rule = 'banner|300x600|www.website.com|www.test.com' for Schema Fields = '[mediaType size domain]'",
    "Invalid Floor Rule = 'banner|300x600' for Schema Fields = '[mediaType size domain]'",
  ]);
});

test('Go number formatting (%v, %.4f)', () => {
  assert.equal(goFloat(-10), '-10');
  assert.equal(goFloat(1.5), '1.5');
  assert.equal(goFloat(1e6), '1e+06');
  assert.equal(goFloat(123456), '123456');
  assert.equal(goFloat(0.00001), '1e-05');
  assert.equal(goFloat(0.0001), '0.0001');
  assert.equal(goFixed4(0.9), '0.9000');
  assert.equal(goFixed4(1.01), '1.0100');
  assert.equal(goFixed4(1.03125), '1.0312'); // exact tie: half to even, as Go
  assert.equal(goFixed4(2.00005), '2.0000'); // binary value just under the tie
  assert.equal(goFixed4(1.00005), '1.0001'); // just over it
  assert.equal(goFixed4(2.5), '2.5000');
  assert.equal(goFixed4(-1.03125), '-1.0312'); // a negative tie: to even too
  assert.equal(goFixed4(-0.00001), '-0.0000'); // Go keeps the sign of a negative that rounds to 0
  assert.equal(goFixed4(0), '0.0000');
});

test('%.4f: toFixed where it rounds the same, the exact decimal at the ties (x = odd/32)', () => {
  // Go prints the sign of any negative; decimal.js drops it from a value under 10^-100 (all zeros).
  const exact = (x: number) => {
    const text = new Decimal(x.toFixed(100)).toFixed(4, Decimal.ROUND_HALF_EVEN);
    return x < 0 && !text.startsWith('-') ? `-${text}` : text;
  };
  const ties = fc.integer({ min: -3_200_000, max: 3_200_000 }).map((n) => n / 32);
  const prices = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 10_000);
  const near = fc.tuple(ties, fc.integer({ min: -4, max: 4 })).map(([x, k]) => x + k * Number.EPSILON);
  fc.assert(
    fc.property(fc.oneof(fc.double({ min: -1e9, max: 1e9, noNaN: true }), ties, prices, near), (x) => {
      if (x !== 0) assert.equal(goFixed4(x), exact(x), String(x));
    }),
    { numRuns: 20_000 },
  );
});
