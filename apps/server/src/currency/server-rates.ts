// Server rates (issue 5 "Currency", notes §12 "Rates file", §21): loaded from a URL or a local file,
// refreshed on an interval, backoff on failure keeping the last good rates, stale flag + metrics,
// readiness until the first load. Static rates are constant rates, or the fallback before a load.
import { readFile } from 'node:fs/promises';
import { request } from 'undici';
import { Counter, Gauge } from 'prom-client';
import type { Clock, Logger, Readiness, ReadinessTask, ServiceMetrics } from '@gavel/common';
import { parseRatesFile } from './rate-file.js';
import { createRateTable, type RateSource, type Rates } from './rate-table.js';

export interface ServerRatesOptions {
  url?: string;
  file?: string;
  /** Constant rates (no url/file) or the fallback used until the first load. */
  staticRates?: Rates;
  refreshIntervalSeconds: number;
  /** 0 = never stale; stale rates are dropped (only same-currency conversions remain). */
  staleAfterSeconds: number;
  fetchTimeoutMs: number;
  /** First retry delay after a failed load; doubles up to the refresh interval. */
  retryInitialMs: number;
  clock: Clock;
  logger: Logger;
  metrics?: ServiceMetrics;
  readiness?: Readiness;
  /** Test seam: replaces the HTTP/file read; returns the document text. */
  load?: (signal: AbortSignal) => Promise<string>;
}

/** What GET /currency/rates shows. */
export interface RatesSnapshot {
  /** `fetched`: url/file source; `constant`: static rates only. */
  kind: 'fetched' | 'constant';
  source: string;
  fetchingIntervalNs: number;
  /** Wall-clock ms of the last successful load (undefined before the first). */
  lastUpdated?: number;
  rates?: Rates;
  stale: boolean;
}

export interface ServerRates extends RateSource {
  snapshot(): RatesSnapshot;
  isStale(): boolean;
  /** Loads once now; resolves true on success (never rejects). */
  refresh(): Promise<boolean>;
  /** First load and the refresh schedule. */
  start(): void;
  close(): Promise<void>;
}

const MAX_RETRY_MS = 300_000;

async function defaultLoad(o: ServerRatesOptions, signal: AbortSignal): Promise<string> {
  if (o.url) {
    const res = await request(o.url, {
      method: 'GET',
      signal,
      headersTimeout: o.fetchTimeoutMs,
      bodyTimeout: o.fetchTimeoutMs,
    });
    const body = await res.body.text();
    if (res.statusCode >= 400) {
      throw new Error(`the currency rates request failed with status code ${res.statusCode}`);
    }
    return body;
  }
  return readFile(o.file ?? '', { encoding: 'utf8', signal });
}

/** Undefined when nothing is configured (GET /currency/rates → {active: false}). */
export function createServerRates(o: ServerRatesOptions): ServerRates | undefined {
  const hasSource = Boolean(o.url || o.file);
  const hasStatic = o.staticRates !== undefined && Object.keys(o.staticRates).length > 0;
  if (!hasSource && !hasStatic) return undefined;
  const source = o.url || o.file || '';
  let rates: Rates | undefined = o.staticRates && hasStatic ? o.staticRates : undefined;
  let table: RateSource | undefined = rates ? createRateTable(rates) : undefined;
  let lastUpdated: number | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const inflight = new AbortController();
  // Not ready until the first load, unless a fallback lets us convert from the start.
  const task: ReadinessTask | undefined =
    hasSource && !hasStatic ? o.readiness?.register('currency-rates') : undefined;

  const isStale = (): boolean =>
    hasSource &&
    lastUpdated !== undefined &&
    o.staleAfterSeconds > 0 &&
    o.clock.now() - lastUpdated > o.staleAfterSeconds * 1000;

  if (o.metrics) {
    const registers = [o.metrics.registry];
    new Gauge({
      name: 'gavel_currency_rates_stale',
      help: '1 when the server currency rates are older than currency.stale-after-seconds',
      registers,
      collect() {
        this.set(isStale() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'gavel_currency_rates_age_seconds',
      help: 'Seconds since the last successful currency rates load (-1 before the first)',
      registers,
      collect() {
        this.set(lastUpdated === undefined ? -1 : (o.clock.now() - lastUpdated) / 1000);
      },
    });
  }
  const loads = o.metrics
    ? new Counter({
        name: 'gavel_currency_rates_loads_total',
        help: 'Currency rates loads by result',
        labelNames: ['result'] as const,
        registers: [o.metrics.registry],
      })
    : undefined;

  async function refresh(): Promise<boolean> {
    if (!hasSource) return true;
    const timeout = AbortSignal.timeout(o.fetchTimeoutMs);
    const signal = AbortSignal.any([inflight.signal, timeout]);
    try {
      const text = await (o.load ? o.load(signal) : defaultLoad(o, signal));
      rates = parseRatesFile(text);
      table = createRateTable(rates);
      lastUpdated = o.clock.now();
      failures = 0;
      task?.ready();
      loads?.inc({ result: 'ok' });
      return true;
    } catch (e) {
      failures += 1;
      loads?.inc({ result: 'error' });
      if (!closed)
        o.logger.warn({ err: e, source }, 'currency rates load failed; keeping the last good rates');
      return false;
    }
  }

  function schedule(ok: boolean): void {
    if (closed) return;
    const intervalMs = o.refreshIntervalSeconds * 1000;
    let delay: number | undefined;
    if (!ok) {
      const cap = intervalMs > 0 ? intervalMs : MAX_RETRY_MS;
      delay = Math.min(cap, o.retryInitialMs * 2 ** Math.min(failures - 1, 30));
    } else if (intervalMs > 0) delay = intervalMs;
    if (delay === undefined) return;
    timer = setTimeout(() => void refresh().then(schedule), delay);
    timer.unref();
  }

  return {
    rate(from, to) {
      if (!table || isStale()) return undefined;
      return table.rate(from, to);
    },
    snapshot: () => ({
      kind: hasSource ? 'fetched' : 'constant',
      source: hasSource ? source : '',
      fetchingIntervalNs: hasSource ? o.refreshIntervalSeconds * 1_000_000_000 : 0,
      lastUpdated,
      rates: isStale() ? undefined : rates,
      stale: isStale(),
    }),
    isStale,
    refresh,
    start() {
      if (hasSource) void refresh().then(schedule);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      inflight.abort();
      return Promise.resolve();
    },
  };
}
