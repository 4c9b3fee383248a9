// Cases of Go floors/fetcher_test.go TestValidatePriceFloorRules, plus Java's schema checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateFloorsData } from './validate.js';

const limits = { maxRules: 5, maxSchemaDims: 0 };
const group = (over: Record<string, unknown> = {}) => ({
  values: { 'banner|300x250|www.website.com': 1, '*|*|*': 2 },
  schema: { fields: ['mediaType', 'size', 'domain'] },
  ...over,
});
const data = (over: Record<string, unknown> = {}, g: Record<string, unknown> = {}) => ({
  modelgroups: [group(g)],
  ...over,
});

test('valid data has no errors (lower-case and camelCase keys)', () => {
  assert.deepEqual(validateFloorsData(data(), limits), []);
  const camel = {
    modelGroups: [{ modelWeight: 1, skipRate: 0, values: { a: 1 }, schema: { fields: ['x'] } }],
  };
  assert.deepEqual(validateFloorsData(camel, limits), []);
  assert.deepEqual(validateFloorsData(data({}, { default: 0 }), { maxRules: 0, maxSchemaDims: 0 }), []);
});

const cases: Array<[string, unknown, typeof limits, string]> = [
  ['data is empty', null, limits, 'Price floor rules data must be present'],
  ['data is not an object', [1], limits, 'Price floor rules data must be present'],
  ['model group array is empty', { modelgroups: [] }, limits, 'should contain at least one model group'],
  ['model groups absent', {}, limits, 'should contain at least one model group'],
  ['floor rules are empty', data({}, { values: {} }), limits, "values can't be null or empty, but were {}"],
  [
    'more rules than max_rules',
    data({}, { values: { a: 1, b: 2 } }),
    { maxRules: 1, maxSchemaDims: 0 },
    'Price floor rules number 2 exceeded its maximum number 1',
  ],
  ['model weight 0', data({}, { modelweight: 0 }), limits, 'modelWeight must be in range(1-100), but was 0'],
  [
    'model weight 101',
    data({}, { modelweight: 101 }),
    limits,
    'modelWeight must be in range(1-100), but was 101',
  ],
  ['group skip rate 101', data({}, { skiprate: 101 }), limits, 'modelGroup skipRate must be in range(0-100)'],
  ['default -1', data({}, { default: -1 }), limits, 'default must be positive float, but was -1'],
  [
    'data skip rate 101',
    data({ skiprate: 101 }),
    limits,
    'data skipRate must be in range(0-100), but was 101',
  ],
  [
    'usefetchdatarate 101',
    data({ usefetchdatarate: 101 }),
    limits,
    'useFetchDataRate must be in range(0-100)',
  ],
  ['usefetchdatarate -1', data({ useFetchDataRate: -1 }), limits, 'useFetchDataRate must be in range(0-100)'],
  ['rule value not a number', data({}, { values: { a: '1' } }), limits, "rule 'a' value must be a number"],
  [
    'schema absent',
    data({}, { schema: undefined }),
    limits,
    "dimensions can't be null or empty, but were null",
  ],
  ['schema fields empty', data({}, { schema: { fields: [] } }), limits, "dimensions can't be null or empty"],
  [
    'more dims than max_schema_dims',
    data(),
    { maxRules: 5, maxSchemaDims: 2 },
    'Price floor schema dimensions 3 exceeded its maximum number 2',
  ],
];

for (const [name, input, l, message] of cases) {
  test(`invalid: ${name}`, () => {
    const errors = validateFloorsData(input, l);
    assert.ok(
      errors.some((e) => e.includes(message)),
      `${JSON.stringify(errors)} has ${message}`,
    );
  });
}
