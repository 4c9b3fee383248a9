import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UNREADABLE_RULES, readRuleDrafts, validateRules } from './rules.js';

const messages = (raw: unknown) => validateRules(raw).warnings.map((w) => w.message);

test('G TestValidateAdServerTargeting: one rule per problem', () => {
  assert.deepEqual(validateRules([{ key: 'adt_key', source: 'bidrequest', value: 'ext.prebid.data' }]), {
    rules: [{ key: 'adt_key', source: 'bidrequest', value: 'ext.prebid.data' }],
    warnings: [],
  });
  assert.deepEqual(validateRules([{ key: '', source: 'bidrequest', value: 'ext.prebid.data' }]), {
    rules: [],
    warnings: [{ code: 10007, message: 'Key is empty for the ad server targeting object at index 0' }],
  });
  assert.deepEqual(messages([{ key: 'adt_key', source: 'incorrect', value: 'ext.prebid.data' }]), [
    'Incorrect source for the ad server targeting object at index 0',
  ]);
  assert.deepEqual(messages([{ key: 'adt_key', source: 'static', value: '' }]), [
    'Value is empty for the ad server targeting object at index 0',
  ]);
  const mixed = validateRules([
    { key: 'adt_key1', source: 'static', value: 'valid' },
    { key: 'adt_key2', source: 'static', value: '' },
  ]);
  assert.deepEqual(mixed.rules, [{ key: 'adt_key1', source: 'static', value: 'valid' }]);
  assert.deepEqual(
    mixed.warnings.map((w) => w.message),
    ['Value is empty for the ad server targeting object at index 1'],
  );
});

test('a rule with every problem: key, value, then source, all at its index', () => {
  assert.deepEqual(messages([{ key: 'k', source: 'static', value: 'v' }, {}]), [
    'Key is empty for the ad server targeting object at index 1',
    'Value is empty for the ad server targeting object at index 1',
    'Incorrect source for the ad server targeting object at index 1',
  ]);
  assert.deepEqual(messages([null]), [
    'Key is empty for the ad server targeting object at index 0',
    'Value is empty for the ad server targeting object at index 0',
    'Incorrect source for the ad server targeting object at index 0',
  ]);
});

test('the source is matched case-insensitively and kept lower-cased; whitespace is not empty', () => {
  assert.deepEqual(validateRules([{ key: ' ', source: 'BidResponse', value: ' ' }]).rules, [
    { key: ' ', source: 'bidresponse', value: ' ' },
  ]);
  assert.deepEqual(messages([{ key: 'k', source: ' static', value: 'v' }]), [
    'Incorrect source for the ad server targeting object at index 0',
  ]);
});

test('null fields are empty strings (Go zero values); unknown fields are ignored', () => {
  assert.deepEqual(readRuleDrafts([{ key: null, source: 'static', value: 'v', extra: 1 }]), [
    { key: '', source: 'static', value: 'v' },
  ]);
  assert.deepEqual(readRuleDrafts(null), []);
});

test('a block G cannot unmarshal is one warning and no rules', () => {
  for (const raw of [{}, 'x', [1], [{ key: 1, source: 'static', value: 'v' }], [{ key: 'k', value: true }]]) {
    assert.deepEqual(validateRules(raw), {
      rules: [],
      warnings: [{ code: 10007, message: UNREADABLE_RULES }],
    });
  }
});
