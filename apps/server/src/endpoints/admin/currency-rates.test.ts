import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { createLogger, createManualClock } from '@gavel/common';
import { createServerRates } from '../../currency/server-rates.js';
import { registerCurrencyRatesRoute } from './currency-rates.js';

const base = {
  refreshIntervalSeconds: 900,
  staleAfterSeconds: 0,
  fetchTimeoutMs: 100,
  retryInitialMs: 100,
  clock: createManualClock(Date.UTC(2026, 10, 22, 4, 0, 0)),
  logger: createLogger({ level: 'silent', name: 'test' }),
};

async function get(rates: Parameters<typeof registerCurrencyRatesRoute>[1]) {
  const app = Fastify();
  registerCurrencyRatesRoute(app, rates);
  const res = await app.inject({ method: 'GET', url: '/currency/rates' });
  await app.close();
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /application\/json/);
  return res.json<Record<string, unknown>>();
}

test('shape 3: no converter', async () => {
  assert.deepEqual(await get(undefined), { active: false });
});

test('shape 2: constant rates', async () => {
  const rates = createServerRates({ ...base, staticRates: { USD: { EUR: 0.9 } } });
  assert.deepEqual(await get(rates), {
    active: true,
    source: '',
    fetchingIntervalNs: 0,
    lastUpdated: '0001-01-01T00:00:00Z',
  });
});

test('shape 1: active converter wrapped in info; zero time and no rates before the first load', async () => {
  const rates = createServerRates({
    ...base,
    url: 'http://rates.example/latest.json',
    load: () => Promise.resolve('{"conversions":{"USD":{"GBP":0.8}}}'),
  })!;
  assert.deepEqual(await get(rates), {
    active: true,
    info: {
      source: 'http://rates.example/latest.json',
      fetchingIntervalNs: 900_000_000_000,
      lastUpdated: '0001-01-01T00:00:00Z',
    },
  });
  await rates.refresh();
  assert.deepEqual(await get(rates), {
    active: true,
    info: {
      source: 'http://rates.example/latest.json',
      fetchingIntervalNs: 900_000_000_000,
      lastUpdated: '2026-11-22T04:00:00.000Z',
      rates: { USD: { GBP: 0.8 } },
    },
  });
  await rates.close();
});
