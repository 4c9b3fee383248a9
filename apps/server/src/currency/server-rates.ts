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

/** One ServerRates' state, shared by its methods. */
interface RatesState {
  readonly o: ServerRatesOptions;
  readonly hasSource: boolean;
  readonly source: string;
  rates: Rates | undefined;
  table: RateSource | undefined;
  lastUpdated: number | undefined;
  failures: number;
  timer: NodeJS.Timeout | undefined;
  closed: boolean;
  readonly inflight: AbortController;
  readonly task: ReadinessTask | undefined;
  loads: Counter<'result'> | undefined;
}

function isStale(s: RatesState): boolean {
  return (
    s.hasSource &&
    s.lastUpdated !== undefined &&
    s.o.staleAfterSeconds > 0 &&
    s.o.clock.now() - s.lastUpdated > s.o.staleAfterSeconds * 1000
  );
}

function registerGauges(s: RatesState, metrics: ServiceMetrics): void {
  const registers = [metrics.registry];
  new Gauge({
    name: 'gavel_currency_rates_stale',
    help: '1 when the server currency rates are older than currency.stale-after-seconds',
    registers,
    collect() {
      this.set(isStale(s) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'gavel_currency_rates_age_seconds',
    help: 'Seconds since the last successful currency rates load (-1 before the first)',
    registers,
    collect() {
      this.set(s.lastUpdated === undefined ? -1 : (s.o.clock.now() - s.lastUpdated) / 1000);
    },
  });
}

function loadsCounter(metrics: ServiceMetrics | undefined): Counter<'result'> | undefined {
  return metrics
    ? new Counter({
        name: 'gavel_currency_rates_loads_total',
        help: 'Currency rates loads by result',
        labelNames: ['result'] as const,
        registers: [metrics.registry],
      })
    : undefined;
}

async function refreshRates(s: RatesState): Promise<boolean> {
  const { o } = s;
  if (!s.hasSource) return true;
  const timeout = AbortSignal.timeout(o.fetchTimeoutMs);
  const signal = AbortSignal.any([s.inflight.signal, timeout]);
  try {
    const text = await (o.load ? o.load(signal) : defaultLoad(o, signal));
    s.rates = parseRatesFile(text);
    s.table = createRateTable(s.rates);
    s.lastUpdated = o.clock.now();
    s.failures = 0;
    s.task?.ready();
    s.loads?.inc({ result: 'ok' });
    return true;
  } catch (e) {
    s.failures += 1;
    s.loads?.inc({ result: 'error' });
    if (!s.closed)
      o.logger.warn({ err: e, source: s.source }, 'currency rates load failed; keeping the last good rates');
    return false;
  }
}

/** The next load after one that did (`ok`) or did not succeed: the interval, or a backoff. */
function scheduleRefresh(s: RatesState, ok: boolean): void {
  if (s.closed) return;
  const intervalMs = s.o.refreshIntervalSeconds * 1000;
  let delay: number | undefined;
  if (!ok) {
    const cap = intervalMs > 0 ? intervalMs : MAX_RETRY_MS;
    delay = Math.min(cap, s.o.retryInitialMs * 2 ** Math.min(s.failures - 1, 30));
  } else if (intervalMs > 0) delay = intervalMs;
  if (delay === undefined) return;
  s.timer = setTimeout(() => void refreshRates(s).then((next) => scheduleRefresh(s, next)), delay);
  s.timer.unref();
}

function snapshotOf(s: RatesState): RatesSnapshot {
  return {
    kind: s.hasSource ? 'fetched' : 'constant',
    source: s.hasSource ? s.source : '',
    fetchingIntervalNs: s.hasSource ? s.o.refreshIntervalSeconds * 1_000_000_000 : 0,
    lastUpdated: s.lastUpdated,
    rates: isStale(s) ? undefined : s.rates,
    stale: isStale(s),
  };
}

/** Undefined when nothing is configured (GET /currency/rates → {active: false}). */
export function createServerRates(o: ServerRatesOptions): ServerRates | undefined {
  const hasSource = Boolean(o.url || o.file);
  const hasStatic = o.staticRates !== undefined && Object.keys(o.staticRates).length > 0;
  if (!hasSource && !hasStatic) return undefined;
  const rates: Rates | undefined = o.staticRates && hasStatic ? o.staticRates : undefined;
  const s: RatesState = {
    o,
    hasSource,
    source: o.url || o.file || '',
    rates,
    table: rates ? createRateTable(rates) : undefined,
    lastUpdated: undefined,
    failures: 0,
    timer: undefined,
    closed: false,
    inflight: new AbortController(),
    // Not ready until the first load, unless a fallback lets us convert from the start.
    task: hasSource && !hasStatic ? o.readiness?.register('currency-rates') : undefined,
    loads: undefined,
  };
  if (o.metrics) registerGauges(s, o.metrics);
  s.loads = loadsCounter(o.metrics);

  return {
    rate(from, to) {
      if (!s.table || isStale(s)) return undefined;
      return s.table.rate(from, to);
    },
    snapshot: () => snapshotOf(s),
    isStale: () => isStale(s),
    refresh: () => refreshRates(s),
    start() {
      if (s.hasSource) void refreshRates(s).then((ok) => scheduleRefresh(s, ok));
    },
    close() {
      s.closed = true;
      if (s.timer) clearTimeout(s.timer);
      s.inflight.abort();
      return Promise.resolve();
    },
  };
}
