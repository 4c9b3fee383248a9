// Per-bidder series (upstream Go metrics/prometheus `adapter_*`): requests, bids by media type,
// no-bids, errors by kind, request time and bid prices, and privacy refusals/scrubs. The `adapter`
// label is a registered bidder code only: cells are made once per code (lazily, on its first call)
// and kept, so a bidder's auction costs one Map lookup and plain number increments.
import {
  createBatchedCounter,
  createFastHistogram,
  type BatchedCounter,
  type CounterCell,
  type FastHistogram,
  type HistogramCell,
} from '@gavel/common';
import type { Registry } from 'prom-client';
import type { MediaType } from '../bidders/types.js';
import { ERROR_CODE } from '../bidders/types.js';

/** `adapter_error` label values: upstream Go's spellings, plus `network` (Go counts those as unknown_error). */
export const ADAPTER_ERROR_KINDS = [
  'timeout',
  'badinput',
  'badserverresponse',
  'failedtorequestbid',
  'network',
  'unknown_error',
] as const;
export type AdapterErrorKind = (typeof ADAPTER_ERROR_KINDS)[number];

/** `reason` label values: the privacy enforcer that refused or scrubbed (privacy/enforce-privacy.ts). */
export const PRIVACY_REASONS = ['gdpr', 'ccpa', 'coppa', 'lmt', 'activities'] as const;
export type PrivacyReason = (typeof PRIVACY_REASONS)[number];

export const MEDIA_TYPES: readonly MediaType[] = ['banner', 'video', 'native', 'audio'];

/** Upstream's standard time buckets (0.05 … 1 s) with finer steps below 50 ms. */
export const ADAPTER_TIME_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2];
/** CPM (USD) buckets. */
export const PRICE_BUCKETS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20, 50];

/** The error kind of a seat error code (the adapter framework's codes, bidders/types.ts). */
export function adapterErrorKind(code: number): AdapterErrorKind {
  switch (code) {
    case ERROR_CODE.timeout:
      return 'timeout';
    case ERROR_CODE.badInput:
      return 'badinput';
    case ERROR_CODE.badServerResponse:
      return 'badserverresponse';
    case 4:
      return 'failedtorequestbid';
    default:
      return 'unknown_error';
  }
}

export interface BidderFamilies {
  requests: BatchedCounter;
  noBids: BatchedCounter;
  bids: BatchedCounter;
  errors: BatchedCounter;
  requestTime: FastHistogram<'adapter'>;
  prices: FastHistogram<'adapter'>;
  privacyBlocked: BatchedCounter;
  privacyScrubbed: BatchedCounter;
}

export function createBidderFamilies(registry: Registry, prefix: string): BidderFamilies {
  const counter = (name: string, help: string, labelNames: readonly string[]) =>
    createBatchedCounter({ name: `${prefix}${name}`, help, labelNames, registry });
  return {
    requests: counter(
      'adapter_requests_total',
      'Bidder calls (one per bidder per auction), by whether the bidder returned bids',
      ['adapter', 'has_bids'],
    ),
    noBids: counter(
      'adapter_no_bids_total',
      'Bidder calls answered without bids and without errors (204 or an empty seatbid)',
      ['adapter'],
    ),
    bids: counter('adapter_bids_total', 'Bids returned, by media type and markup delivery (adm or nurl)', [
      'adapter',
      'bid_type',
      'delivery',
    ]),
    errors: counter(
      'adapter_errors_total',
      'Bidder calls with at least one error of a kind (each kind counted once per call)',
      ['adapter', 'adapter_error'],
    ),
    requestTime: createFastHistogram({
      name: `${prefix}adapter_request_time_seconds`,
      help: 'Time from the first HTTP call of a bidder to its last answer, per auction',
      labelNames: ['adapter'] as const,
      buckets: ADAPTER_TIME_BUCKETS,
      registry,
    }),
    prices: createFastHistogram({
      name: `${prefix}adapter_prices`,
      help: 'CPM of the bids returned (USD; other currencies converted at the server rates)',
      labelNames: ['adapter'] as const,
      buckets: PRICE_BUCKETS,
      registry,
    }),
    privacyBlocked: counter(
      'adapter_privacy_blocked_total',
      'Bidders not called because a privacy rule refused them, by the rule (gdpr, ccpa, coppa, lmt, activities)',
      ['adapter', 'reason'],
    ),
    privacyScrubbed: counter(
      'adapter_privacy_scrubbed_total',
      'Bidder requests whose user/device data a privacy rule removed or masked, by the rule',
      ['adapter', 'reason'],
    ),
  };
}

type ByKind<K extends string> = Record<K, CounterCell>;

function byKind<K extends string>(kinds: readonly K[], cell: (k: K) => CounterCell): ByKind<K> {
  const out = {} as ByKind<K>;
  for (const k of kinds) out[k] = cell(k);
  return out;
}

/** Every series of one bidder code, resolved once. */
export class BidderCells {
  readonly withBids: CounterCell;
  readonly withoutBids: CounterCell;
  readonly noBids: CounterCell;
  readonly bidsAdm: ByKind<MediaType>;
  readonly bidsNurl: ByKind<MediaType>;
  readonly errors: ByKind<AdapterErrorKind>;
  readonly requestTime: HistogramCell;
  readonly prices: HistogramCell;
  readonly blocked: ByKind<PrivacyReason>;
  readonly scrubbed: ByKind<PrivacyReason>;

  constructor(
    readonly code: string,
    f: BidderFamilies,
  ) {
    this.withBids = f.requests.labels(code, 'true');
    this.withoutBids = f.requests.labels(code, 'false');
    this.noBids = f.noBids.labels(code);
    this.bidsAdm = byKind(MEDIA_TYPES, (t) => f.bids.labels(code, t, 'adm'));
    this.bidsNurl = byKind(MEDIA_TYPES, (t) => f.bids.labels(code, t, 'nurl'));
    this.errors = byKind(ADAPTER_ERROR_KINDS, (k) => f.errors.labels(code, k));
    this.requestTime = f.requestTime.labels({ adapter: code });
    this.prices = f.prices.labels({ adapter: code });
    this.blocked = byKind(PRIVACY_REASONS, (r) => f.privacyBlocked.labels(code, r));
    this.scrubbed = byKind(PRIVACY_REASONS, (r) => f.privacyScrubbed.labels(code, r));
  }
}
