import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatNumber, lookupDotPath, typedLookup } from './lookup.js';

const site = { site: { page: 'test.com' } };

test('G TestTypedLookup / TestSplitAndGet', () => {
  assert.deepEqual(typedLookup(site, 'site.page', ['site', 'page']), { ok: true, value: 'test.com' });
  assert.deepEqual(typedLookup(site, 'site.page', ['site', 'id']), {
    ok: false,
    error: 'value not found for path: site.page',
  });
  assert.deepEqual(typedLookup(site, 'site', ['site']), {
    ok: false,
    error: 'incorrect value type for path: site, value can only be string or number',
  });
  assert.deepEqual(lookupDotPath(site, 'site.page'), { ok: true, value: 'test.com' });
  assert.deepEqual(lookupDotPath(undefined, 'site.page'), {
    ok: false,
    error: 'value not found for path: site.page',
  });
});

test('only strings and numbers are values: booleans, null, arrays and objects are the wrong type', () => {
  const data = { t: true, f: false, n: null, a: [1], o: {}, e: '', z: 0 };
  for (const key of ['t', 'f', 'n', 'a', 'o']) {
    assert.deepEqual(lookupDotPath(data, key), {
      ok: false,
      error: `incorrect value type for path: ${key}, value can only be string or number`,
    });
  }
  assert.deepEqual(lookupDotPath(data, 'e'), { ok: true, value: '' });
  assert.deepEqual(lookupDotPath(data, 'z'), { ok: true, value: '0' });
  assert.deepEqual(lookupDotPath({ u: undefined }, 'u'), { ok: false, error: 'value not found for path: u' });
});

test('arrays: `[n]` picks an element, a plain segment never matches inside an array', () => {
  const data = { video: { mimes: ['video/mp4', 'video/webm'], fmt: [{ w: 300 }] }, obj: { '[0]': 'lit' } };
  assert.deepEqual(lookupDotPath(data, 'video.mimes.[1]'), { ok: true, value: 'video/webm' });
  assert.deepEqual(lookupDotPath(data, 'video.fmt.[0].w'), { ok: true, value: '300' });
  assert.deepEqual(lookupDotPath(data, 'video.mimes.[+0]'), { ok: true, value: 'video/mp4' });
  for (const path of [
    'video.mimes.0',
    'video.mimes.[2]',
    'video.mimes.[-1]',
    'video.mimes.[]',
    'video.fmt.w',
  ]) {
    assert.deepEqual(lookupDotPath(data, path), { ok: false, error: `value not found for path: ${path}` });
  }
  assert.deepEqual(lookupDotPath(data, 'obj.[0]'), { ok: true, value: 'lit' });
});

test('own members only, and "" is a member name like any other', () => {
  assert.deepEqual(lookupDotPath({}, 'constructor.name').ok, false);
  assert.deepEqual(lookupDotPath({ a: { '': 'x' } }, 'a.'), { ok: true, value: 'x' });
  assert.deepEqual(lookupDotPath('text', 'length').ok, false);
});

test('numbers print as Go encodes a float64', () => {
  assert.equal(formatNumber(1.01), '1.01');
  assert.equal(formatNumber(30), '30');
  assert.equal(formatNumber(0.1 + 0.2), '0.30000000000000004');
  assert.equal(formatNumber(1e21), '1e+21');
  assert.equal(formatNumber(123456789012345680000), '123456789012345680000');
  assert.equal(formatNumber(0.000001), '0.000001');
  assert.equal(formatNumber(1e-7), '1e-7');
  assert.equal(formatNumber(-2.5), '-2.5');
});
