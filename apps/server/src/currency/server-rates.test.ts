import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createLogger, createManualClock, createReadiness, createServiceMetrics } from '@gavel/common';
import { createServerRates, type ServerRatesOptions } from './server-rates.js';

const logger = createLogger({ level: 'silent', name: 'test' });
const doc = (usdMxn: number) =>
  JSON.stringify({ dataAsOf: '2026-11-01', conversions: { USD: { MXN: usdMxn } } });

function options(over: Partial<ServerRatesOptions>): ServerRatesOptions {
  return {
    url: 'http://rates.invalid/latest.json',
    refreshIntervalSeconds: 1800,
    staleAfterSeconds: 0,
    fetchTimeoutMs: 1000,
    retryInitialMs: 1000,
    clock: createManualClock(1_700_000_000_000),
    logger,
    ...over,
  };
}

test('nothing configured → undefined (no converter)', () => {
  assert.equal(createServerRates(options({ url: undefined })), undefined);
});

test('constant rates: converter active without a source', () => {
  const r = createServerRates(options({ url: undefined, staticRates: { USD: { EUR: 0.5 } } }))!;
  assert.equal(r.rate('USD', 'EUR')?.toString(), '0.5');
  assert.equal(r.snapshot().kind, 'constant');
});

test('readiness until the first load; failures keep the last good rates; stale drops them', async () => {
  const clock = createManualClock(1_700_000_000_000);
  const readiness = createReadiness();
  const metrics = createServiceMetrics({ prefix: 't_', collectProcess: false });
  const answers: (() => Promise<string>)[] = [
    () => Promise.reject(new Error('down')),
    () => Promise.resolve(doc(2)),
    () => Promise.resolve('{"broken'),
  ];
  const r = createServerRates(
    options({ clock, readiness, metrics, staleAfterSeconds: 60, load: () => answers.shift()!() }),
  )!;
  assert.equal(readiness.isReady(), false);
  assert.equal(await r.refresh(), false);
  assert.equal(readiness.isReady(), false);
  assert.equal(r.rate('USD', 'MXN'), undefined);
  assert.equal(await r.refresh(), true);
  assert.equal(readiness.isReady(), true);
  assert.equal(r.rate('USD', 'MXN')?.toString(), '2');
  assert.equal(r.snapshot().lastUpdated, 1_700_000_000_000);
  clock.advance(30_000);
  assert.equal(await r.refresh(), false, 'bad JSON is a failed load');
  assert.equal(r.rate('USD', 'MXN')?.toString(), '2', 'last good rates kept');
  assert.equal(r.isStale(), false);
  clock.advance(31_000);
  assert.equal(r.isStale(), true);
  assert.equal(r.rate('USD', 'MXN'), undefined, 'stale rates are dropped');
  const text = await metrics.registry.metrics();
  assert.match(text, /gavel_currency_rates_stale 1/);
  assert.match(text, /gavel_currency_rates_loads_total\{result="error"\} 2/);
  assert.match(text, /gavel_currency_rates_loads_total\{result="ok"\} 1/);
  await r.close();
});

test('static rates are the fallback before the first load: ready at once', async () => {
  const readiness = createReadiness();
  const r = createServerRates(
    options({ readiness, staticRates: { USD: { MXN: 1.5 } }, load: () => Promise.resolve(doc(3)) }),
  )!;
  assert.equal(readiness.isReady(), true);
  assert.equal(r.rate('USD', 'MXN')?.toString(), '1.5');
  await r.refresh();
  assert.equal(r.rate('USD', 'MXN')?.toString(), '3');
  await r.close();
});

test('start() retries with backoff after a failure, then loads', async () => {
  let calls = 0;
  const r = createServerRates(
    options({
      retryInitialMs: 5,
      load: () => (++calls < 3 ? Promise.reject(new Error('down')) : Promise.resolve(doc(4))),
    }),
  )!;
  r.start();
  for (let i = 0; i < 100 && !r.rate('USD', 'MXN'); i++) await new Promise((res) => setTimeout(res, 5));
  assert.equal(r.rate('USD', 'MXN')?.toString(), '4');
  assert.equal(calls, 3);
  await r.close();
});

test('loads from a URL over a real socket and from a local file', async () => {
  let status = 200;
  const server = createServer((_req, res) => {
    res.statusCode = status;
    res.end(doc(7));
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const { port } = server.address() as AddressInfo;
  const r = createServerRates(options({ url: `http://127.0.0.1:${port}/latest.json` }))!;
  assert.equal(await r.refresh(), true);
  assert.equal(r.rate('MXN', 'USD')?.toFixed(4), '0.1429');
  status = 503;
  assert.equal(await r.refresh(), false);
  assert.equal(r.rate('USD', 'MXN')?.toString(), '7');
  await r.close();
  await new Promise((res) => server.close(res));

  const dir = await mkdtemp(join(tmpdir(), 'gavel-rates-'));
  const file = join(dir, 'rates.json');
  await writeFile(file, doc(9));
  const f = createServerRates(options({ url: undefined, file }))!;
  assert.equal(await f.refresh(), true);
  assert.equal(f.rate('USD', 'MXN')?.toString(), '9');
  assert.equal(f.snapshot().source, file);
  await f.close();
  await rm(dir, { recursive: true });
});
