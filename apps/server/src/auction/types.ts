// The shared vocabulary of the auction pipeline (architecture "The auction pipeline"): the
// immutable request-side context, per-bidder requests, and the typed bids handed from step to step.
// Steps are pure-ish functions over these types; only pipeline.ts knows their order.
import type { Bid, BidRequest } from '../openrtb/types.js';
import type { MediaType } from '../bidders/types.js';
import type { Account } from '../accounts/types.js';

/** The service's own ext namespace on the wire: `ext.core` (default) or `ext.prebid` (compat). */
export type ExtNamespace = 'core' | 'prebid';

/** Entry of `ext.errors.{key}` / `ext.warnings.{key}` in the response. */
export interface ResponseIssue {
  code: number;
  message: string;
}

/** What the HTTP layer knows about the caller, used for implicit fields and cookies. */
export interface HttpFacts {
  /** Client IP (from X-Forwarded-For / X-Real-IP / the socket). */
  ip?: string;
  userAgent?: string;
  referer?: string;
  cookies: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Query parameters of an AMP request (ad-server targeting reads `ext.<ns>.amp.data.<name>` from them). */
  query?: Readonly<Record<string, string>>;
}

export type Endpoint = 'auction' | 'amp' | 'video';

/** The request side, built once and never mutated after validation. */
export interface AuctionContext {
  readonly ns: ExtNamespace;
  readonly endpoint: Endpoint;
  /** The resolved request: stored data merged, implicit fields filled, validated. */
  readonly request: BidRequest;
  readonly account: Account;
  readonly http: HttpFacts;
  /** Wall-clock start of the auction (ms since epoch, from the injected clock). */
  readonly startedAt: number;
  /** Monotonic time by which bidder calls must be done. */
  readonly bidderDeadline: number;
  /** Debug output requested and allowed. */
  readonly debug: boolean;
  /** Ad-server currency: cur[0] or USD. */
  readonly currency: string;
  /** Request-level warnings collected so far (ext.warnings.general). */
  readonly warnings: readonly ResponseIssue[];
}

/** One bidder's (or alias's) copy of the request. */
export interface BidderRequest {
  /** Name as used in the request: the bidder code or an alias; the seat and error key. */
  bidder: string;
  /** Code of the bidder whose adapter runs (the alias target, or `bidder` itself). */
  adapterCode: string;
  /** The shaped copy sent to this bidder (imp.ext.bidder = its params). */
  request: BidRequest;
  /** Stored bid responses for this bidder, by imp id (contract "Stored responses" rule 2). */
  storedBidResponses?: Readonly<Record<string, string>>;
  /** Per imp id: overwrite the impid of bids parsed from its stored bid response (default true). */
  storedReplaceImpId?: Readonly<Record<string, boolean>>;
}

/** A bid travelling through steps 8–12. `bid.price` is in the ad-server currency after step 8. */
export interface AuctionBid {
  /** Bidder or alias name (targeting keys use it). */
  bidder: string;
  /** seatbid.seat of the response. */
  seat: string;
  /** Core bidder code (ext.core.meta.adaptercode). */
  adapterCode: string;
  bid: Bid;
  type: MediaType;
  /** The bidder's own price and currency before adjustment/conversion (bid.ext.origbidcpm / origbidcur; '' = not known). */
  originalPrice: number;
  originalCurrency: string;
  video?: { duration: number; primary_category: string };
  dealPriority?: number;
  /** `bid.ext.<ns>.meta` entries: the adapter's, plus `adaptercode` set by the bidder layer. */
  meta?: Record<string, unknown>;
  /** Filled by the rank step: the imp's overall winner / this bidder's top bid for the imp. */
  winner?: boolean;
  bidderTop?: boolean;
  /**
   * Filled by the rank step when targeting is requested: the code of this bid's bidder targeting keys
   * (`hb_pb_<code>`, the seat for a seat's top bid, `<prefix><n>` for multibid extras); absent → none.
   */
  targetingCode?: string;
  /** Echo `targetingCode` as `bid.ext.<ns>.targetbiddercode` (the seat's multibid maxbids > 1). */
  targetBidderCode?: boolean;
  /** Filled by the rank step when targeting is requested: the `hb_pb` bucket. */
  priceBucket?: string;
  /**
   * Filled by the targeting step. The rank step sets it to undefined when targeting is requested, so
   * that the targeting step's copy replaces a key and stays V8's fast clone (@gavel/common objects.ts).
   */
  targeting?: Record<string, string> | undefined;
  /** Generated `bid.ext.<ns>.bidid` (host `auction.generate-bid-id`); event URLs use it as `b=`. */
  generatedBidId?: string;
  /** `bid.ext.<ns>.events` {win, imp} when events are on (decorate-events step). */
  events?: { win: string; imp: string };
  /** `hb_pb_cat_dur` of this bid (category mapping step); absent → no such key. */
  categoryDuration?: string;
  /** `bid.ext.<ns>.floors` {floorRule, floorRuleValue, floorValue, floorCurrency} (floors step). */
  floors?: Record<string, unknown>;
  /** Filled by the cache step. */
  cache?: { bids?: { url: string; cacheId: string }; vastXml?: { url: string; cacheId: string } };
}

/** A bid the auction dropped, with its upstream seat-non-bid status code (301 below floor, …). */
export interface RejectedBid {
  bid: AuctionBid;
  code: number;
}

/** Debug capture of one bidder HTTP call (ext.debug.httpcalls.{bidder}[]). */
export interface DebugHttpCall {
  uri: string;
  requestbody: string;
  requestheaders?: Record<string, string[]>;
  responsebody?: string;
  status?: number;
}

/** Everything one bidder produced. */
export interface SeatResult {
  bidder: string;
  bids: AuctionBid[];
  errors: ResponseIssue[];
  warnings: ResponseIssue[];
  /** Present when the bidder was actually called. */
  responseTimeMs?: number;
  httpCalls?: DebugHttpCall[];
  /** PAAPI auction configs the bidder returned (response `ext.<ns>.fledge.auctionconfigs`). */
  fledge?: ResponseAuctionConfig[];
}

/** One `ext.<ns>.fledge.auctionconfigs[]` entry (upstream openrtb_ext.FledgeAuctionConfig). */
export interface ResponseAuctionConfig {
  impid: string;
  /** The bidder or alias name of the request. */
  bidder?: string;
  /** The bidder the adapter named in its config (usually the core bidder code); omitted when empty. */
  adapter?: string;
  config: unknown;
}
