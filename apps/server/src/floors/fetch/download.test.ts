import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheTtlSec, download } from './download.js';
import { createFakeTime } from './fake-time.testkit.js';
import { resolveFetchSettings, type ResolvedFetchSettings } from './settings.js';
import type { FetchTransport } from './types.js';
import { validateFloorsData } from './validate.js';

const settings = resolveFetchSettings({
  url: 'http://floors.test/f.json',
  period_sec: 900,
  max_age_sec: 3600,
}) as ResolvedFetchSettings;

test('Cache-Control max-age: used within [max(600, period), 2^31-1], else max_age_sec', () => {
  assert.equal(cacheTtlSec(undefined, settings), 3600);
  assert.equal(cacheTtlSec('no-cache', settings), 3600);
  assert.equal(cacheTtlSec('max-age=900', settings), 900);
  assert.equal(cacheTtlSec('public, max-age=7200, must-revalidate', settings), 7200);
  assert.equal(cacheTtlSec('max-age=899', settings), 3600, 'below period');
  assert.equal(cacheTtlSec('max-age=2147483648', settings), 3600, 'above int32');
  const short = resolveFetchSettings({ url: settings.url, period_sec: 300 }) as ResolvedFetchSettings;
  assert.equal(cacheTtlSec('max-age=599', short), 86400, 'below 600');
  assert.equal(cacheTtlSec('max-age=600', short), 600);
});

function run(transport: FetchTransport, signal = new AbortController().signal) {
  const time = createFakeTime();
  const done = download({ settings, transport, timers: time.timers, validate: validateFloorsData, signal });
  return { time, done };
}

test('a transport that ignores the signal still times out', async () => {
  const { time, done } = run(() => new Promise(() => {}));
  time.advance(settings.timeoutMs);
  assert.deepEqual(await done, {
    ok: false,
    status: 'timeout',
    reason: "Fetch price floor request timeout for fetch.url 'http://floors.test/f.json' exceeded.",
  });
  assert.equal(time.pending(), 0);
});

test('a transport error is an error with its message', async () => {
  const { done } = run(() => Promise.reject(new Error('connect ECONNREFUSED')));
  assert.deepEqual(await done, {
    ok: false,
    status: 'error',
    reason:
      "Failed to fetch price floor from provider for fetch.url 'http://floors.test/f.json', with a reason: connect ECONNREFUSED",
  });
});

test('dropping the account aborts the fetch (error, not timeout)', async () => {
  const ctl = new AbortController();
  const { done } = run(() => new Promise(() => {}), ctl.signal);
  ctl.abort();
  const r = await done;
  assert.equal(r.ok ? 'ok' : r.status, 'error');
});

test('the header max-age of a good answer is returned', async () => {
  const body = JSON.stringify({ modelgroups: [{ values: { a: 1 }, schema: { fields: ['x'] } }] });
  const { done } = run(async () => ({
    statusCode: 200,
    headers: { 'cache-control': 'max-age=1200' },
    body: (async function* () {
      yield Buffer.from(body);
    })(),
  }));
  const r = await done;
  assert.ok(r.ok);
  assert.equal(r.ttlSec, 1200);
});
