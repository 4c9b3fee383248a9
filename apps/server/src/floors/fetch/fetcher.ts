// The per-account floors fetcher (Java PriceFloorFetcher's design, Go's retries): `get` never waits;
// the first call starts a background fetch, later calls answer the last good data until it expires;
// a timer per account refreshes it every period_sec (sooner, with back-off, after a failure).
import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '@gavel/common';
import { download, type DownloadResult } from './download.js';
import { resolveFetchSettings, type ResolvedFetchSettings } from './settings.js';
import { createUndiciTransport, realTimers } from './transport.js';
import type {
  FetchAccount,
  FetchLogger,
  FetchResult,
  FetchSettings,
  FetchStatus,
  FetchTimers,
  FetchTransport,
  FloorsFetcher,
  FloorsFetcherOptions,
  FloorsValidator,
} from './types.js';
import { validateFloorsData } from './validate.js';

interface AccountState {
  accountId: string;
  raw: FetchSettings;
  settings: ResolvedFetchSettings;
  data: unknown;
  expiresAt: number;
  /** Lifetime of the last good data (max_age_sec or the header's max-age). */
  ttlMs: number;
  status: FetchStatus;
  error: string | undefined;
  failures: number;
  lastGetAt: number;
  inflight: AbortController | undefined;
  timer: unknown;
  dropped: boolean;
}

const NONE: FetchResult = Object.freeze({ status: 'none', error: 'Fetching is disabled' });
const INPROGRESS: FetchResult = Object.freeze({ status: 'inprogress' });
const quietLogger: FetchLogger = { warn: () => {}, debug: () => {} };

class Fetcher implements FloorsFetcher {
  private readonly clock: Clock;
  private readonly timers: FetchTimers;
  private readonly logger: FetchLogger;
  private readonly validate: FloorsValidator;
  private readonly transport: FetchTransport;
  private readonly pool: { close(): Promise<void> } | undefined;
  private readonly maxRetries: number;
  private readonly retryInitialMs: number;
  private readonly onOutcome: FloorsFetcherOptions['onOutcome'];
  private readonly inflight = new Set<Promise<void>>();
  private readonly warnedConfigs = new WeakSet<FetchSettings>();
  private readonly states: LRUCache<string, AccountState>;
  private closed: boolean;

  constructor(opts: FloorsFetcherOptions) {
    this.clock = opts.clock ?? systemClock;
    this.timers = opts.timers ?? realTimers;
    this.logger = opts.logger ?? quietLogger;
    this.validate = opts.validate ?? validateFloorsData;
    this.maxRetries = opts.maxRetries ?? 10;
    this.retryInitialMs = opts.retryInitialMs ?? 10_000;
    this.onOutcome = opts.onOutcome;
    this.closed = opts.enabled === false;
    if (opts.request) {
      this.transport = opts.request;
    } else {
      const pool = createUndiciTransport(opts.http);
      this.transport = pool.transport;
      this.pool = pool;
    }
    this.states = new LRUCache<string, AccountState>({
      max: Math.max(1, opts.cacheSize ?? 300),
      dispose: (state) => this.stop(state),
    });
  }

  get(account: FetchAccount): FetchResult {
    const raw = account.fetch;
    if (this.closed || !raw || raw.enabled !== true) {
      if (!this.closed) this.states.delete(account.id);
      return NONE;
    }
    let state = this.states.get(account.id);
    const settings = this.settingsFor(account.id, raw, state);
    if ('error' in settings) {
      this.states.delete(account.id);
      return { status: 'error', error: settings.error };
    }
    // A new url is a new source: the old state (and its fetch) is dropped by the LRU's dispose.
    if (state && state.settings.url !== settings.url) state = undefined;
    if (!state) {
      state = this.newState(account.id, raw, settings);
      this.states.set(account.id, state);
      this.startFetch(state);
      return INPROGRESS;
    }
    state.raw = raw;
    state.settings = settings;
    state.lastGetAt = this.clock.now();
    return this.answer(state);
  }

  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.states.clear();
    await this.settled();
    await this.pool?.close();
  }

  private settingsFor(id: string, raw: FetchSettings, state: AccountState | undefined) {
    if (state && state.raw === raw) return state.settings;
    const resolved = resolveFetchSettings(raw);
    if ('error' in resolved && !this.warnedConfigs.has(raw)) {
      this.warnedConfigs.add(raw);
      this.logger.warn(
        { account: id, url: raw.url, reason: resolved.error },
        'price floors fetch config invalid',
      );
    }
    return resolved;
  }

  private newState(accountId: string, raw: FetchSettings, settings: ResolvedFetchSettings): AccountState {
    return {
      accountId,
      raw,
      settings,
      data: undefined,
      expiresAt: 0,
      ttlMs: 0,
      status: 'inprogress',
      error: undefined,
      failures: 0,
      lastGetAt: this.clock.now(),
      inflight: undefined,
      timer: undefined,
      dropped: false,
    };
  }

  private answer(state: AccountState): FetchResult {
    if (state.data !== undefined && this.clock.now() >= state.expiresAt) {
      // Expired (every refresh since failed): dropped, and fetched again now (Java: entry removed).
      state.data = undefined;
      state.status = 'inprogress';
      state.error = undefined;
      this.startFetch(state);
    }
    if (state.data !== undefined) return { data: state.data, status: 'success' };
    return state.error === undefined
      ? { status: state.status }
      : { status: state.status, error: state.error };
  }

  private stop(state: AccountState): void {
    state.dropped = true;
    this.clearTimer(state);
    state.inflight?.abort();
  }

  private clearTimer(state: AccountState): void {
    if (state.timer !== undefined) this.timers.clear(state.timer);
    state.timer = undefined;
  }

  private startFetch(state: AccountState): void {
    if (state.inflight || state.dropped) return;
    this.clearTimer(state);
    const ctl = new AbortController();
    state.inflight = ctl;
    const { settings } = state;
    const { transport, timers, validate } = this;
    const run = download({ settings, transport, timers, validate, signal: ctl.signal }).then((r) =>
      this.finish(state, settings.url, r),
    );
    this.inflight.add(run);
    void run.finally(() => this.inflight.delete(run));
  }

  private finish(state: AccountState, url: string, r: DownloadResult): void {
    state.inflight = undefined;
    if (state.dropped) return;
    const account = state.accountId;
    if (r.ok) {
      state.data = r.data;
      state.status = 'success';
      state.error = undefined;
      state.failures = 0;
      state.ttlMs = r.ttlSec * 1000;
      state.expiresAt = this.clock.now() + state.ttlMs;
      this.logger.debug({ account, url, ttlSec: r.ttlSec }, 'price floors fetched');
      this.onOutcome?.({ accountId: account, url, status: 'success' });
    } else {
      state.failures += 1;
      // The last good data stays until it expires; only without it does the failure show.
      if (state.data === undefined) {
        state.status = r.status;
        state.error = r.reason;
      }
      this.logger.warn({ account, url, reason: r.reason }, 'price floors fetch failed');
      this.onOutcome?.({ accountId: account, url, status: r.status, reason: r.reason });
    }
    this.schedule(state);
  }

  private schedule(state: AccountState): void {
    const { periodSec, maxAgeSec } = state.settings;
    // Nobody asked for this account for longer than its data may live: stop refreshing it.
    if (this.clock.now() - state.lastGetAt >= Math.max(maxAgeSec * 1000, state.ttlMs)) {
      this.states.delete(state.accountId);
      return;
    }
    const periodMs = periodSec * 1000;
    const retrying = state.failures > 0 && state.failures <= this.maxRetries;
    const backoff = this.retryInitialMs * 2 ** Math.min(state.failures - 1, 30);
    const delay = retrying ? Math.min(periodMs, backoff) : periodMs;
    state.timer = this.timers.set(() => {
      state.timer = undefined;
      this.startFetch(state);
    }, delay);
  }
}

/** See index.ts for the contract. */
export function createFloorsFetcher(opts: FloorsFetcherOptions = {}): FloorsFetcher {
  return new Fetcher(opts);
}
