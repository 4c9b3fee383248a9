// Analytics vocabulary (issue 20; G analytics/core.go, J analytics/model/): the objects the endpoints
// hand over once an answer is known, and the adapter contract. Events are plain data so that an
// adapter can serialise them as they are; the endpoint must not mutate an object after recording it
// (an adapter may hold it in its queue until it is written or sent).
import type { BidRequest, BidResponse } from '../openrtb/types.js';
import type { EventRecord } from '../events/types.js';

/** Fields shared by the three auction endpoints (G AuctionObject / AmpObject / VideoObject). */
export interface AuctionLikeFields {
  /** HTTP status of the answer. */
  status: number;
  /** Error messages of the answer (empty when none). */
  errors: readonly string[];
  /** The resolved request (stored data merged), when the endpoint got that far. */
  request?: BidRequest;
  /** The auction's OpenRTB response, when there is one. */
  response?: BidResponse;
  accountId?: string;
  /** When the endpoint received the request, ms since the epoch. */
  startedAt: number;
  /** `ext.seatnonbid` of the answer, when the request asked for it. */
  seatNonBid?: readonly unknown[];
  /** The module outcome trace (`ext.<ns>.modules`), when modules ran. */
  hookOutcomes?: unknown;
  /**
   * The request's `reportAnalytics` activity per adapter (host and account activity controls); absent
   * → allowed. A function, so it is never serialised with the event.
   */
  reportAllowed?: (adapterName: string) => boolean;
  /**
   * The request as this adapter may see it (transmitUfpd / transmitPreciseGeo for component
   * `analytics`); absent → as is. A function, so it is never serialised with the event.
   */
  scrubFor?: (adapterName: string, request: BidRequest) => BidRequest;
}

/** POST /openrtb2/auction. */
export interface AuctionEvent extends AuctionLikeFields {
  kind: 'auction';
}

/** GET /openrtb2/amp: `response` is the auction response behind the AMP answer. */
export interface AmpEvent extends AuctionLikeFields {
  kind: 'amp';
  /** The `targeting` map the page received. */
  targeting?: Readonly<Record<string, string>>;
  /** The `__amp_source_origin` / Origin of the call. */
  origin?: string;
}

/** POST /openrtb2/video: `request`/`response` are the OpenRTB auction behind the pods. */
export interface VideoEvent extends AuctionLikeFields {
  kind: 'video';
  /** The body as received (`podconfig`, …). */
  videoRequest?: unknown;
  /** The `{adPods: [...]}` answer. */
  videoResponse?: unknown;
}

/** One bidder of a /cookie_sync answer (G CookieSyncBidder). */
export interface CookieSyncBidderStatus {
  bidder: string;
  noCookie?: boolean;
  usersync?: { url?: string; type?: string };
}

/** POST /cookie_sync. */
export interface CookieSyncEvent {
  kind: 'cookieSync';
  status: number;
  errors: readonly string[];
  bidderStatus: readonly CookieSyncBidderStatus[];
}

/** GET /setuid. */
export interface SetUidEvent {
  kind: 'setuid';
  status: number;
  errors: readonly string[];
  bidder?: string;
  uid?: string;
  success: boolean;
}

/** GET /event (win or impression notification), as the event endpoint reads it. */
export interface NotificationEvent extends EventRecord {
  kind: 'notification';
}

export type AnalyticsEvent =
  AuctionEvent | AmpEvent | VideoEvent | CookieSyncEvent | SetUidEvent | NotificationEvent;

export type AnalyticsEventKind = AnalyticsEvent['kind'];

/**
 * An analytics adapter. `accept` runs on the request path: it must be synchronous and cheap (put the
 * event on a bounded queue, nothing more) and return false when it did not take the event (queue
 * full, adapter closed); the dispatcher counts that as a drop. Serialising and I/O happen later, in
 * the adapter's own asynchronous drain. `accept` and `close` should not throw; the dispatcher guards
 * against it anyway.
 */
export interface AnalyticsAdapter {
  /** Key under `ext.<ns>.analytics`, the activity-control component name and the metrics label. */
  readonly name: string;
  /**
   * `options` is the request's `ext.<ns>.analytics.<name>` object, when present; the request inside
   * the event carries only this adapter's entry under `ext.<ns>.analytics`.
   */
  accept(event: AnalyticsEvent, options?: Readonly<Record<string, unknown>>): boolean;
  /** Flush what can be flushed within the adapter's own time limit, then release resources. */
  close(): Promise<void>;
}

/** Why events were lost (label of `gavel_analytics_dropped_total`). */
export type DropReason =
  'queue_full' | 'send_failed' | 'write_error' | 'serialize_error' | 'closed' | 'error';

/** Where adapters report lost events: `(count, reason)`. */
export type DropSink = (count: number, reason: DropReason) => void;

/** Timers adapters schedule with; tests pass fake ones. */
export interface AnalyticsTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Pino-like logger subset. */
export interface AnalyticsLogger {
  warn(obj: Record<string, unknown>, msg: string): void;
}
