// The adapter contract (architecture "Seams"): a bidder adapter is two pure functions.
// No I/O, no clocks, never mutate the input. The core does everything adapters would repeat:
// param parsing/validation, HTTP, timeouts, status handling (204 → no bids; other non-2xx →
// error code 3), media type inference, debug capture and timing.
import type { Bid, BidRequest } from '../openrtb/types.js';

export type MediaType = 'banner' | 'video' | 'audio' | 'native';

/** Bidder error codes of the contract's "Errors" section. */
export type BidderErrorCode = 0 | 1 | 2 | 3 | 999;
export const ERROR_CODE = { none: 0, timeout: 1, badInput: 2, badServerResponse: 3, unknown: 999 } as const;

export interface BidderError {
  code: BidderErrorCode;
  message: string;
}

export interface Result<T> {
  value: T;
  errors: BidderError[];
}

/** An HTTP call an adapter wants made; the core sends it. */
export interface OutgoingRequest {
  method: 'POST' | 'GET';
  uri: string;
  /** Serialised body (usually JSON text). */
  body?: string;
  headers?: Record<string, string | string[]>;
  /** Ids of the imps this call bids on. */
  impIds: string[];
}

export interface IncomingResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Raw response body text. */
  body: string;
}

export interface CompletedCall {
  request: OutgoingRequest;
  response: IncomingResponse;
}

export interface TypedBid {
  bid: Bid;
  /** Absent → the core infers it from `bid.mtype` or the imp's single format (media-type.ts). */
  type?: MediaType;
  /** Seat override (alternate seat); defaults to the bidder code. */
  seat?: string;
  video?: { duration: number; primary_category: string };
  dealPriority?: number;
  meta?: Record<string, unknown>;
}

export interface BidderResponse {
  /** ISO 4217 currency of the bid prices; USD when absent. */
  currency?: string;
  bids: TypedBid[];
  fledgeAuctionConfigs?: unknown[];
}

/** Host facts given to every adapter (upstream "server" info). */
export interface ServerInfo {
  externalUrl: string;
  gvlId: number;
  dataCenter: string;
}

export interface AdapterContext {
  /** The bidder code (or alias name) this call is made for. */
  bidder: string;
  /** Endpoint template from bidder info / host config; macros are resolved by the adapter helpers. */
  endpoint: string;
  /** Bidder-specific static settings from its bidder info (`extraInfo`). */
  extraInfo?: unknown;
  server: ServerInfo;
  /** Converts an amount between currencies with the auction's rates; throws when impossible. */
  convertCurrency(amount: number, from: string, to: string): number;
  /** Version string reported to bidders that want it. */
  version: string;
  /** Epoch ms of the auction's clock, for the few bidders whose answers carry absolute expiry times. */
  now?: () => number;
  /**
   * Upstream test mode: set only by the fixture harness for bidders whose upstream tests switch the
   * adapter's own `testing` flag on (deterministic calls: no cache-busters). Never set in auctions.
   */
  testing?: boolean;
  /**
   * Pinned stand-ins, by name (e.g. `cacheBuster`, `isoWeek`), for values an adapter otherwise derives
   * from the clock or randomness; set only by the fixture harness from upstream's fixed generators.
   */
  fixedValues?: Readonly<Record<string, string>>;
  /** Host-configured platform id of this bidder (bidder info `platformId`), when set. */
  platformId?: string;
  /** Host-configured app secret of this bidder (bidder info `appSecret`), when set. */
  appSecret?: string;
  /** The endpoint the auction came in through (upstream `PbsEntryPoint`); absent means `auction`. */
  entryPoint?: 'auction' | 'amp' | 'video';
}

/**
 * One entry of `BidderResponse.fledgeAuctionConfigs` (PAAPI / Protected Audience): the imp it belongs
 * to and the seller's auction config, passed through untouched. `bidder` is what upstream adapters
 * set as the config's bidder; the core reports it as `adapter` next to the request's bidder name.
 */
export interface FledgeAuctionConfig {
  impid: string;
  bidder?: string;
  config: unknown;
}

export interface Adapter {
  /**
   * Build the HTTP calls for this bidder's copy of the request. Each imp's params are in
   * `imp.ext.bidder`. Must not modify `request`.
   */
  makeRequests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]>;
  /**
   * Turn one completed call into typed bids; `null` value means "no bids, nothing to report".
   * In live auctions the core calls it only for 2xx responses other than 204.
   */
  makeBids(
    request: Readonly<BidRequest>,
    call: CompletedCall,
    ctx: AdapterContext,
  ): Result<BidderResponse | null>;
}
