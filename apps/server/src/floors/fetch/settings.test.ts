import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveFetchSettings } from './settings.js';

const url = 'https://floors.example.com/a.json';

test('upstream defaults for absent keys', () => {
  assert.deepEqual(resolveFetchSettings({ enabled: true, url }), {
    url,
    timeoutMs: 3000,
    maxBytes: 100 * 1024,
    maxRules: 1000,
    maxSchemaDims: 0,
    maxAgeSec: 86400,
    periodSec: 3600,
  });
});

test('malformed url', () => {
  for (const bad of [undefined, '', '%%', 'ftp://x/y', 'abc.com']) {
    assert.deepEqual(resolveFetchSettings({ url: bad }), {
      error: `Malformed fetch.url '${bad ?? ''}' passed`,
    });
  }
});

test("ranges of Java's PriceFloorsConfigResolver", () => {
  const bad: Array<[string, number]> = [
    ['max_age_sec', 599],
    ['period_sec', 299],
    ['timeout_ms', 9],
    ['timeout_ms', 10_001],
    ['max_rules', -1],
    ['max_schema_dims', 20],
    ['max_file_size_kb', -1],
    ['timeout_ms', 1.5],
  ];
  for (const [key, value] of bad) {
    assert.deepEqual(resolveFetchSettings({ url, [key]: value }), {
      error: `Invalid price-floors property '${key}', value passed: ${value}`,
    });
  }
  // period_sec may not exceed max_age_sec
  assert.ok('error' in resolveFetchSettings({ url, max_age_sec: 600, period_sec: 601 }));
  const edge = resolveFetchSettings({ url, max_age_sec: 600, period_sec: 300, timeout_ms: 10, max_rules: 0 });
  assert.ok(!('error' in edge));
});
