// The auction server's own metrics and operational log lines, built once in createApp (app.ts) over
// the service registry: per bidder (bidder-metrics.ts), per account (account-metrics.ts), the cache
// client (cache-metrics.ts), privacy refusals and scrubs, the stored-data cache, and one debug line
// per auction. Names follow upstream Go's metrics/prometheus where it has one (docs/metrics.md).
import { Counter, type Registry } from 'prom-client';
import type { Clock, Logger } from '@gavel/common';
import type { AuctionContext } from '../auction/types.js';
import type { BidResponse } from '../openrtb/types.js';
import type { CacheClientMetrics } from '../cache-client/cache-client.js';
import {
  BidderCells,
  createBidderFamilies,
  type BidderFamilies,
  type PrivacyReason,
} from './bidder-metrics.js';
import { BidderObserver } from './bidder-observer.js';
import { FailureSampler, type FailureLogOptions } from './failure-log.js';
import {
  createAccountMetrics,
  requestTypeOf,
  type AccountMetrics,
  type KnownAccounts,
} from './account-metrics.js';
import { createCacheClientMetrics } from './cache-metrics.js';

export interface ServerTelemetryOptions {
  registry: Registry;
  logger: Logger;
  clock: Clock;
  /** Registered bidder codes: the only values the `adapter` label takes. */
  bidderCodes: readonly string[];
  /** Metric name prefix (the service's, `gavel_`). */
  prefix?: string;
  /** Failed-call warn lines per bidder per second before sampling (default 5). */
  failureLinesPerSecond?: number;
  /** Account ids that may become `account` label values (stored accounts). */
  knownAccounts?: KnownAccounts;
  /** Most distinct `account` label values (default 1000); more known accounts count as `other`. */
  maxAccountLabels?: number;
  /** The stored-data cache's counters (stored/with-cache.ts stats()), read at scrape. */
  storedCacheStats?: () => { hits: number; misses: number; negativeHits: number };
}

/** What the privacy step reports (privacy/enforce-privacy.ts). */
export interface PrivacyObserver {
  blocked(code: string, rule: string): void;
  scrubbed(code: string, rule: string): void;
}

export interface ServerTelemetry extends PrivacyObserver {
  /** The observer of a registered bidder code; undefined for any other code (never a label). */
  bidder(code: string): BidderObserver | undefined;
  /** One auction answered (counted per account; a debug line). */
  auctionDone(ctx: AuctionContext, response: BidResponse, ms: number): void;
  readonly cacheClient: CacheClientMetrics;
  /** Logs the sampled-away failure counts still pending. */
  close(): void;
}

const DEFAULT_LINES_PER_SECOND = 5;
const DEFAULT_MAX_ACCOUNT_LABELS = 1000;

function storedCacheCounter(o: ServerTelemetryOptions, prefix: string): void {
  const stats = o.storedCacheStats;
  if (!stats) return;
  new Counter({
    name: `${prefix}stored_cache_lookups_total`,
    help: 'Stored-data ids asked of the in-memory cache, by result (hit, miss, negative_hit)',
    labelNames: ['result'] as const,
    registers: [o.registry],
    collect() {
      const s = stats();
      this.reset();
      this.inc({ result: 'hit' }, s.hits);
      this.inc({ result: 'miss' }, s.misses);
      this.inc({ result: 'negative_hit' }, s.negativeHits);
    },
  });
}

class Telemetry implements ServerTelemetry {
  readonly #known: ReadonlySet<string>;
  readonly #observers = new Map<string, BidderObserver>();
  readonly #families: BidderFamilies;
  readonly #accounts: AccountMetrics;
  readonly #log: FailureLogOptions;
  readonly cacheClient: CacheClientMetrics;

  constructor(private readonly o: ServerTelemetryOptions) {
    const prefix = o.prefix ?? 'gavel_';
    this.#known = new Set(o.bidderCodes);
    this.#families = createBidderFamilies(o.registry, prefix);
    this.#accounts = createAccountMetrics({
      registry: o.registry,
      prefix,
      maxLabels: o.maxAccountLabels ?? DEFAULT_MAX_ACCOUNT_LABELS,
      ...(o.knownAccounts ? { known: o.knownAccounts } : {}),
    });
    this.cacheClient = createCacheClientMetrics(o.registry, prefix);
    this.#log = {
      logger: o.logger,
      clock: o.clock,
      perSecond: o.failureLinesPerSecond ?? DEFAULT_LINES_PER_SECOND,
    };
    storedCacheCounter(o, prefix);
  }

  bidder(code: string): BidderObserver | undefined {
    const seen = this.#observers.get(code);
    if (seen || !this.#known.has(code)) return seen;
    const observer = new BidderObserver(
      new BidderCells(code, this.#families),
      new FailureSampler(code, this.#log),
    );
    this.#observers.set(code, observer);
    return observer;
  }

  blocked(code: string, rule: string): void {
    this.bidder(code)?.cells.blocked[rule as PrivacyReason]?.inc();
  }

  scrubbed(code: string, rule: string): void {
    this.bidder(code)?.cells.scrubbed[rule as PrivacyReason]?.inc();
  }

  auctionDone(ctx: AuctionContext, response: BidResponse, ms: number): void {
    const type = requestTypeOf(ctx);
    this.#accounts.request(ctx.account.id, type);
    const logger = this.o.logger;
    if (!logger.isLevelEnabled('debug')) return;
    logger.debug(
      {
        reqId: requestIdOf(ctx),
        auctionId: ctx.request.id,
        account: ctx.account.id,
        type,
        bidders: biddersOf(response),
        bids: bidCount(response),
        ms: Math.round(ms),
      },
      'auction',
    );
  }

  close(): void {
    for (const o of this.#observers.values()) o.flushLog();
  }
}

/** The HTTP request's id (request-ids.ts writes it into the headers), '' outside HTTP. */
export function requestIdOf(ctx: Pick<AuctionContext, 'http'>): string {
  const id = ctx.http.headers['x-request-id'];
  return typeof id === 'string' ? id : '';
}

/** Bidders called (responsetimemillis) and seats that bid (stored auction responses too). */
function biddersOf(response: BidResponse): string[] {
  const names = new Set<string>();
  const times = (response.ext as { responsetimemillis?: Record<string, unknown> } | undefined)
    ?.responsetimemillis;
  for (const name of Object.keys(times ?? {})) names.add(name);
  for (const sb of response.seatbid ?? []) if (sb.seat) names.add(sb.seat);
  return [...names];
}

function bidCount(response: BidResponse): number {
  let n = 0;
  for (const sb of response.seatbid ?? []) n += sb.bid.length;
  return n;
}

export function createServerTelemetry(o: ServerTelemetryOptions): ServerTelemetry {
  return new Telemetry(o);
}
