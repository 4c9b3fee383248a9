// Unit tests of the metrics folder: label bounds (bidder codes, accounts), the failure sampler's
// windows, privacy counts, the cache client's series and the start-up description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { createManualClock } from '@gavel/common';
import { createServerTelemetry } from './telemetry.js';
import { FailureSampler } from './failure-log.js';
import { capturingLogger, seriesValue } from './metrics.testkit.js';
import { describeBackends, postgresTarget } from './startup-log.js';
import { testConfig } from '../../test/harness.js';
import type { AuctionContext } from '../auction/types.js';

function telemetry(known: readonly string[] = []) {
  const registry = new Registry();
  const { logger, lines } = capturingLogger('info');
  const clock = createManualClock(0);
  const t = createServerTelemetry({
    registry,
    logger,
    clock,
    bidderCodes: ['alpha', 'beta'],
    knownAccounts: new Set(known),
    maxAccountLabels: 2,
    storedCacheStats: () => ({ hits: 7, misses: 3, negativeHits: 1 }),
  });
  return { t, registry, lines, clock };
}

const ctxOf = (account: string, extra: Partial<AuctionContext> = {}) =>
  Object.assign(
    {
      endpoint: 'auction',
      request: { id: 'a', imp: [] },
      account: { id: account },
      http: { headers: {}, cookies: {} },
    },
    extra,
  ) as unknown as AuctionContext;

test('only registered bidder codes get an observer (and so a label)', () => {
  const { t } = telemetry();
  assert.ok(t.bidder('alpha'));
  assert.equal(t.bidder('alpha'), t.bidder('alpha'));
  assert.equal(t.bidder('evil"code'), undefined);
});

test('account labels: stored accounts only, at most maxAccountLabels, others unknown/other', async () => {
  const { t, registry } = telemetry(['acc-1', 'acc-2', 'acc-3']);
  const response = { id: 'a' };
  t.auctionDone(ctxOf('acc-1'), response, 5);
  t.auctionDone(ctxOf('acc-1', { request: { id: 'a', imp: [], app: {} } }), response, 5);
  t.auctionDone(ctxOf('acc-2', { endpoint: 'amp' }), response, 5);
  t.auctionDone(ctxOf('acc-3', { endpoint: 'video' }), response, 5);
  t.auctionDone(ctxOf('made-up'), response, 5);
  t.auctionDone(ctxOf(''), response, 5);
  const text = await registry.metrics();
  const v = (s: string) => seriesValue(text, `gavel_account_requests_total{${s}}`);
  assert.equal(v('account="acc-1",request_type="openrtb2-web"'), 1);
  assert.equal(v('account="acc-1",request_type="openrtb2-app"'), 1);
  assert.equal(v('account="acc-2",request_type="amp"'), 1);
  assert.equal(v('account="other",request_type="video"'), 1);
  assert.equal(v('account="unknown",request_type="openrtb2-web"'), 2);
  assert.doesNotMatch(text, /made-up|acc-3/);
});

test('privacy refusals and scrubs count by bidder code and rule; unknown codes and rules are dropped', async () => {
  const { t, registry } = telemetry();
  t.blocked('alpha', 'gdpr');
  t.blocked('alpha', 'gdpr');
  t.scrubbed('beta', 'coppa');
  t.scrubbed('beta', 'activities');
  t.blocked('zeta', 'gdpr');
  t.blocked('alpha', 'made-up');
  const text = await registry.metrics();
  assert.equal(seriesValue(text, 'gavel_adapter_privacy_blocked_total{adapter="alpha",reason="gdpr"}'), 2);
  assert.equal(seriesValue(text, 'gavel_adapter_privacy_scrubbed_total{adapter="beta",reason="coppa"}'), 1);
  assert.equal(
    seriesValue(text, 'gavel_adapter_privacy_scrubbed_total{adapter="beta",reason="activities"}'),
    1,
  );
  assert.doesNotMatch(text, /zeta|made-up/);
});

test('cache client series and the stored-data cache counters', async () => {
  const { t, registry } = telemetry();
  t.cacheClient.put('ok', 0.004, 3);
  t.cacheClient.put('timeout', 0.05, 2);
  const text = await registry.metrics();
  assert.equal(seriesValue(text, 'gavel_prebidcache_puts_total{result="ok"}'), 1);
  assert.equal(seriesValue(text, 'gavel_prebidcache_puts_total{result="timeout"}'), 1);
  assert.equal(seriesValue(text, 'gavel_prebidcache_entries_total{success="true"}'), 3);
  assert.equal(seriesValue(text, 'gavel_prebidcache_entries_total{success="false"}'), 2);
  assert.equal(
    seriesValue(text, 'gavel_prebidcache_write_time_seconds_bucket{le="0.005",success="true"}'),
    1,
  );
  assert.equal(seriesValue(text, 'gavel_prebidcache_write_time_seconds_count{success="false"}'), 1);
  assert.equal(seriesValue(text, 'gavel_stored_cache_lookups_total{result="hit"}'), 7);
  assert.equal(seriesValue(text, 'gavel_stored_cache_lookups_total{result="miss"}'), 3);
  assert.equal(seriesValue(text, 'gavel_stored_cache_lookups_total{result="negative_hit"}'), 1);
});

test('the failure sampler: N lines a window, the rest reported when the next window opens', () => {
  const { logger, lines } = capturingLogger('info');
  const clock = createManualClock(0);
  const sampler = new FailureSampler('alpha', { logger, clock, perSecond: 2 });
  const call = { kind: 'network' as const, status: 0, ms: 3, message: 'getaddrinfo ENOTFOUND a.test' };
  for (let i = 0; i < 5; i++) sampler.log(call, 'alpha', `r${i}`);
  assert.deepEqual(
    lines.map((l) => l['reqId']),
    ['r0', 'r1'],
  );
  clock.advance(1000);
  sampler.log(call, 'alpha', 'r5');
  assert.equal(lines.length, 4);
  assert.equal(lines[2]?.msg, 'bidder call failures not logged (rate limit)');
  assert.equal(lines[2]?.['suppressed'], 3);
  assert.equal(lines[3]?.['reqId'], 'r5');
  sampler.flush();
  assert.equal(lines.length, 4);
});

test('the start-up line names the back-ends without secrets', () => {
  assert.equal(
    postgresTarget('postgres://gavel:s3cret@db.internal:5432/gavel?sslmode=require'),
    'db.internal:5432/gavel',
  );
  assert.equal(postgresTarget('host=db password=s3cret dbname=gavel'), 'db/gavel');
  const config = testConfig({
    settings: {
      files: { enabled: false },
      postgres: { enabled: true, 'connection-string': 'postgres://u:pw@pg:5432/test' },
      http: { enabled: true, endpoint: 'https://user:tok@stored.example/data?token=abc' },
    },
    currency: { 'rates-url': 'https://rates.example/latest.json?key=k' },
  });
  const d = describeBackends(config, {
    cacheEndpoint: 'http://cache:2424/cache',
    analyticsAdapters: ['log'],
    extraStoredSources: 0,
    customTransport: false,
  });
  assert.deepEqual(d, {
    stored: ['postgres:pg:5432/test', 'http:https://stored.example/data'],
    cache: 'http://cache:2424/cache',
    currencyRates: 'https://rates.example/latest.json',
    analytics: ['log'],
    bidderTransport: 'undici',
  });
  assert.doesNotMatch(JSON.stringify(d), /pw|tok|key=|abc/);
});
