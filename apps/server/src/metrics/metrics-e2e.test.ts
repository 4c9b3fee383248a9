// The auction's metrics and log lines end to end: an auction over a scripted bidder transport (one
// bidder bids, one answers 204, one fails DNS, one times out, one answers 500), then /metrics and
// the captured log lines. A missing series or line fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, bidFor, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import type { TransportResult } from '../bidders/transport.js';
import { createMemorySource } from '../stored/memory-source.js';
import { capturingLogger, LEVEL, scrape, seriesValue, type LogLine } from './metrics.testkit.js';

const site = { site: ['banner'] };
const bidders = {
  alpha: { endpoint: 'http://alpha.test/bid', capabilities: site },
  beta: { endpoint: 'http://beta.test/bid', capabilities: site },
  gamma: { endpoint: 'http://gamma.test/bid', capabilities: site },
  delta: { endpoint: 'http://delta.test/bid', capabilities: site },
  epsilon: { endpoint: 'http://epsilon.test/bid', capabilities: site },
};

function request(names: readonly string[], extra: Record<string, unknown> = {}) {
  return Object.assign(
    {
      id: 'auction-1',
      site: { page: 'https://pub.example/page', publisher: { id: 'pub-1' } },
      imp: [
        {
          id: 'imp-1',
          banner: { format: [{ w: 300, h: 250 }] },
          ext: { core: { bidder: Object.fromEntries(names.map((n) => [n, {}])) } },
        },
      ],
      tmax: 500,
    },
    extra,
  );
}

const script = (req: { uri: string; body?: string }): TransportResult => {
  const host = new URL(req.uri).hostname;
  if (host === 'alpha.test') return bidFor(req as never, 1.5, { adm: '<div/>' });
  if (host === 'beta.test') return jsonResponse(204, '');
  // What the undici transport answers for a DNS failure (transport.ts: the error's message).
  if (host === 'gamma.test') return { kind: 'failure', message: 'getaddrinfo ENOTFOUND gamma.test' };
  if (host === 'delta.test') return { kind: 'timeout' };
  return jsonResponse(500, 'oops');
};

const failedLines = (lines: LogLine[]) => lines.filter((l) => l.msg === 'bidder call failed');

test('per-bidder series: requests, bids by type, no-bids, errors by kind, time, prices', async () => {
  const app = await buildTestApp(testConfig({ bidders }), { transport: scriptedTransport(script) });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(Object.keys(bidders)),
  });
  assert.equal(res.statusCode, 200, res.body);
  const text = await scrape(app.adminApp);
  const v = (s: string) => seriesValue(text, s);
  assert.equal(v('gavel_adapter_requests_total{adapter="alpha",has_bids="true"}'), 1);
  assert.equal(v('gavel_adapter_requests_total{adapter="beta",has_bids="false"}'), 1);
  assert.equal(v('gavel_adapter_bids_total{adapter="alpha",bid_type="banner",delivery="adm"}'), 1);
  assert.equal(v('gavel_adapter_no_bids_total{adapter="beta"}'), 1);
  assert.equal(v('gavel_adapter_no_bids_total{adapter="gamma"}'), undefined);
  assert.equal(v('gavel_adapter_errors_total{adapter="gamma",adapter_error="network"}'), 1);
  assert.equal(v('gavel_adapter_errors_total{adapter="delta",adapter_error="timeout"}'), 1);
  assert.equal(v('gavel_adapter_errors_total{adapter="epsilon",adapter_error="badserverresponse"}'), 1);
  assert.equal(v('gavel_adapter_errors_total{adapter="gamma",adapter_error="badserverresponse"}'), undefined);
  assert.equal(v('gavel_adapter_request_time_seconds_count{adapter="alpha"}'), 1);
  assert.equal(v('gavel_adapter_prices_bucket{le="1.5",adapter="alpha"}'), 1);
  assert.equal(v('gavel_adapter_prices_bucket{le="1",adapter="alpha"}'), 0);
  assert.equal(v('gavel_adapter_prices_sum{adapter="alpha"}'), 1.5);
  // pub-1 is not a stored account: counted, but not under its own label
  assert.equal(v('gavel_account_requests_total{account="unknown",request_type="openrtb2-web"}'), 1);
  assert.doesNotMatch(text, /account="pub-1"/);
  await app.closeResources();
});

test('one warn line per failed bidder call (ENOTFOUND included), with the request id', async () => {
  const { logger, lines } = capturingLogger();
  const app = await buildTestApp(testConfig({ bidders }), { logger, transport: scriptedTransport(script) });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: { 'x-request-id': 'caller-42' },
    payload: request(Object.keys(bidders)),
  });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['x-request-id'], 'caller-42');
  const failed = failedLines(lines);
  assert.equal(failed.length, 3);
  const by = (b: string) => failed.find((l) => l['bidder'] === b);
  const gamma = by('gamma');
  assert.equal(gamma?.level, LEVEL.warn);
  assert.equal(gamma?.['kind'], 'network');
  assert.equal(gamma?.['status'], 0);
  assert.equal(gamma?.['reqId'], 'caller-42');
  assert.match(String(gamma?.['err']), /ENOTFOUND/);
  assert.equal(typeof gamma?.['ms'], 'number');
  assert.equal(by('delta')?.['kind'], 'timeout');
  assert.equal(by('epsilon')?.['kind'], 'bad_status');
  assert.equal(by('epsilon')?.['status'], 500);
  assert.equal(by('alpha'), undefined);
  await app.closeResources();
});

test('one debug line per auction: id, account, bidders, bids, time; a generated request id', async () => {
  const { logger, lines } = capturingLogger('debug');
  const app = await buildTestApp(testConfig({ bidders }), { logger, transport: scriptedTransport(script) });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(['alpha', 'beta']),
  });
  const rid = res.headers['x-request-id'];
  assert.match(String(rid), /^[0-9a-f]{12}-[0-9a-z]+$/);
  const auctions = lines.filter((l) => l.msg === 'auction');
  assert.equal(auctions.length, 1);
  const line = auctions[0]!;
  assert.equal(line.level, LEVEL.debug);
  assert.equal(line['reqId'], rid);
  assert.equal(line['auctionId'], 'auction-1');
  assert.equal(line['account'], 'pub-1');
  assert.equal(line['type'], 'openrtb2-web');
  assert.deepEqual([...(line['bidders'] as string[])].sort(), ['alpha', 'beta']);
  assert.equal(line['bids'], 1);
  assert.equal(typeof line['ms'], 'number');
  await app.closeResources();
});

test('failed-call lines are sampled per bidder under flood; the suppressed count is logged later', async () => {
  const { logger, lines } = capturingLogger('info');
  const app = await buildTestApp(testConfig({ bidders }), { logger, transport: scriptedTransport(script) });
  for (let i = 0; i < 12; i++) {
    await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request(['gamma']) });
  }
  // The test clock does not move: all 12 failures fall in one window (5 lines a second).
  assert.equal(failedLines(lines).length, 5);
  await app.closeResources();
  const summary = lines.filter((l) => l.msg === 'bidder call failures not logged (rate limit)');
  assert.equal(summary.length, 1);
  assert.equal(summary[0]?.['adapter'], 'gamma');
  assert.equal(summary[0]?.['suppressed'], 7);
});

test('unknown bidder codes never become label values; the back-ends are logged at start', async () => {
  const { logger, lines } = capturingLogger('info');
  const app = await buildTestApp(testConfig({ bidders }), { logger, transport: scriptedTransport(script) });
  // Rejected by validation (400): unknown codes do not reach the bidder layer at all.
  await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(['alpha', 'nosuchbidder']),
  });
  const text = await scrape(app.adminApp);
  assert.doesNotMatch(text, /nosuchbidder/);
  const start = lines.filter((l) => l.msg === 'back-ends');
  assert.equal(start.length, 1);
  assert.equal(start[0]?.level, LEVEL.info);
  assert.deepEqual(start[0]?.['stored'], ['files:(bundled examples)']);
  assert.equal(start[0]?.['cache'], 'none');
  assert.deepEqual(start[0]?.['analytics'], []);
  assert.equal(start[0]?.['bidderTransport'], 'injected');
  await app.closeResources();
});

test('privacy: a refused bidder and a scrubbed request are counted by rule', async () => {
  const app = await buildTestApp(testConfig({ bidders }), { transport: scriptedTransport(script) });
  const coppa = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(['alpha'], { regs: { coppa: 1 }, device: { ip: '1.2.3.4', ifa: 'x' } }),
  });
  assert.equal(coppa.statusCode, 200);
  const gdpr = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(['beta'], { regs: { gdpr: 1 }, user: { consent: 'not-a-consent-string' } }),
  });
  assert.equal(gdpr.statusCode, 200);
  const text = await scrape(app.adminApp);
  assert.equal(seriesValue(text, 'gavel_adapter_privacy_scrubbed_total{adapter="alpha",reason="coppa"}'), 1);
  assert.equal(seriesValue(text, 'gavel_adapter_privacy_blocked_total{adapter="beta",reason="gdpr"}'), 1);
  assert.equal(seriesValue(text, 'gavel_adapter_requests_total{adapter="beta",has_bids="false"}'), undefined);
  await app.closeResources();
});

test('stored accounts get their own account label; cache calls are counted by outcome', async () => {
  const app = await buildTestApp(testConfig({ bidders, cache: { host: 'cache.test' } }), {
    transport: scriptedTransport(script),
    storedSources: [createMemorySource({ account: { 'acc-9': '{}' } })],
    cacheTransport: async () => ({ status: 500, body: 'down' }),
  });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request(['alpha'], {
      site: { page: 'https://pub.example/page', publisher: { id: 'acc-9' } },
      ext: { core: { cache: { bids: {} }, targeting: { includewinners: true, pricegranularity: 'med' } } },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const text = await scrape(app.adminApp);
  assert.equal(
    seriesValue(text, 'gavel_account_requests_total{account="acc-9",request_type="openrtb2-web"}'),
    1,
  );
  assert.equal(seriesValue(text, 'gavel_prebidcache_puts_total{result="bad_status"}'), 1);
  assert.equal(seriesValue(text, 'gavel_prebidcache_write_time_seconds_count{success="false"}'), 1);
  assert.equal(seriesValue(text, 'gavel_stored_ids_total{kind="account",outcome="found"}'), 1);
  await app.closeResources();
});
