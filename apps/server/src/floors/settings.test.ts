import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { priceFloorsSection } from './config-section.js';
import { accountDefaultsFromConfig, DEFAULT_ACCOUNT_FLOORS, parseAccountFloors } from './settings.js';

test('host section defaults are upstream account defaults', () => {
  const cfg = Value.Default(priceFloorsSection['price-floors'], {}) as Parameters<
    typeof accountDefaultsFromConfig
  >[0];
  assert.equal(cfg.enabled, false);
  assert.deepEqual(accountDefaultsFromConfig(cfg), DEFAULT_ACCOUNT_FLOORS);
});

test('account block over the defaults', () => {
  const { settings, errors } = parseAccountFloors({
    enabled: true,
    enforce_floors_rate: 50,
    enforce_deal_floors: true,
    use_dynamic_data: true,
    max_rules: 0,
    fetch: { enabled: true, url: 'https://floors.example/f.json', period_sec: 600 },
  });
  assert.deepEqual(errors, []);
  assert.equal(settings.enabled, true);
  assert.equal(settings.enforceFloorsRate, 50);
  assert.equal(settings.adjustForBidAdjustment, true);
  assert.equal(settings.maxRules, 0);
  assert.equal(settings.maxSchemaDims, 3);
  assert.deepEqual(settings.fetch, {
    enabled: true,
    url: 'https://floors.example/f.json',
    timeoutMs: 3000,
    maxFileSizeKb: 100,
    maxRules: 1000,
    maxAgeSec: 86400,
    periodSec: 600,
    maxSchemaDims: 0,
  });
  assert.deepEqual(parseAccountFloors(undefined), { settings: DEFAULT_ACCOUNT_FLOORS, errors: [] });
});

test('bad types and ranges are named', () => {
  const { errors } = parseAccountFloors({
    enabled: 'yes',
    enforce_floors_rate: 101,
    max_rules: 1.5,
    max_schema_dims: 21,
    fetch: { url: 5, timeout_ms: -1, period_sec: 'x' }, // ranges of fetch are the fetcher's
  });
  assert.deepEqual(errors, [
    'price_floors.enabled: must be a boolean',
    'price_floors.enforce_floors_rate: must be between 0 and 100',
    'price_floors.max_rules: must be an integer',
    'price_floors.max_schema_dims: must be between 0 and 20',
    'price_floors.fetch.url: must be a string',
    'price_floors.fetch.period_sec: must be an integer',
  ]);
  assert.deepEqual(parseAccountFloors([]).errors, ['price_floors: must be an object']);
  assert.deepEqual(parseAccountFloors({ fetch: 1 }).errors, ['price_floors.fetch: must be an object']);
});
