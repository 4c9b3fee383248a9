// Types of the fetched-floors module (task H2): the account's `price_floors.fetch` block, the
// answer of `get`, and the seams injected for tests (clock, timers, transport, validator, logger).
import type { Clock } from '@gavel/common';

/** The account document's `price_floors.fetch` block (snake_case as upstream's account JSON). */
export interface FetchSettings {
  enabled?: boolean;
  url?: string;
  timeout_ms?: number;
  max_file_size_kb?: number;
  /** Per model group; 0 = no limit. */
  max_rules?: number;
  max_age_sec?: number;
  period_sec?: number;
  /** Schema fields per model group; 0 = no limit. */
  max_schema_dims?: number;
}

/** What `get` is given: the account id and its (already merged with host defaults) fetch block. */
export interface FetchAccount {
  id: string;
  fetch?: FetchSettings;
}

/** Upstream's fetch statuses (`ext.prebid.floors.fetchstatus`). */
export type FetchStatus = 'none' | 'inprogress' | 'success' | 'error' | 'timeout';

export interface FetchResult {
  /** The last good floors data (upstream's `PriceFloorData` JSON object); read-only, shared. */
  data?: unknown;
  status: FetchStatus;
  /** Why there is no data (config error, last fetch failure), for debug output. */
  error?: string;
}

/** Limits a validator enforces; 0 = no limit. */
export interface FloorsLimits {
  maxRules: number;
  maxSchemaDims: number;
}

/** Returns the reasons the fetched data is unusable; empty = valid. Must not throw. */
export type FloorsValidator = (data: unknown, limits: FloorsLimits) => string[];

/** The bits of an HTTP response the fetcher reads (undici's `ResponseData` fits). */
export interface FetchResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array>;
}

/** GET `url`; must reject (or end the body) when `signal` aborts. */
export type FetchTransport = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<FetchResponse>;

/** Timers the fetcher schedules with; tests pass fake ones tied to a fake clock. */
export interface FetchTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Pino-like logger subset. */
export interface FetchLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
  debug(obj: Record<string, unknown>, msg: string): void;
}

/** One finished fetch, for metrics (upstream counts failures). */
export interface FetchOutcome {
  accountId: string;
  url: string;
  status: 'success' | 'error' | 'timeout';
  reason?: string;
}

export interface FloorsFetcherOptions {
  /** Host switch (`price-floors.fetcher.enabled`); false → every `get` answers `none`. Default true. */
  enabled?: boolean;
  /** Accounts tracked at most (least recently used dropped). Default 300. */
  cacheSize?: number;
  /** Quick retries (back-off) after consecutive failures before waiting a full period. Default 10. */
  maxRetries?: number;
  /** First retry delay; doubles per failure, capped at the account's period. Default 10000. */
  retryInitialMs?: number;
  /** HTTP pool of the default transport. */
  http?: { maxConnectionsPerHost?: number; keepAliveTimeoutMs?: number };
  clock?: Clock;
  timers?: FetchTimers;
  request?: FetchTransport;
  validate?: FloorsValidator;
  logger?: FetchLogger;
  onOutcome?: (outcome: FetchOutcome) => void;
}

export interface FloorsFetcher {
  /** Synchronous, never waits for the network. */
  get(account: FetchAccount): FetchResult;
  /** Resolves when no fetch is in flight (tests, graceful shutdown). */
  settled(): Promise<void>;
  /** Stops every timer, aborts fetches in flight, closes the HTTP pool. */
  close(): Promise<void>;
}
