// Step 12: the OpenRTB bid response (contract "Auction bid response", notes §8): seatbids per seat,
// bid.ext {origbidcpm, origbidcur, <ns>: {type, meta, targeting, cache, video}}, and the response ext
// (responsetimemillis, tmaxrequest, errors, warnings, debug, <ns>.fledge.auctionconfigs).
import type { Bid, BidResponse, SeatBid } from '../../openrtb/types.js';
import type { AuctionBid, AuctionContext, DebugHttpCall, ResponseIssue, SeatResult } from '../types.js';
import { withProps, copyForWrite, flatOf } from '@gavel/common';

export interface ResponseInput {
  bids: readonly AuctionBid[];
  seats: readonly SeatResult[];
  /**
   * Issues found outside the bidder calls, by key: a bidder/alias name (capability filter, currency)
   * or the namespace itself for request-level ones (cache, currency not tied to a bidder).
   */
  errors: Readonly<Record<string, readonly ResponseIssue[]>>;
  /** ctx.warnings plus any later request-level warnings: `ext.warnings.general`. */
  generalWarnings: readonly ResponseIssue[];
  /** Warnings of the auction core itself (floor rejections): `ext.warnings.<ns>`. */
  nsWarnings?: readonly ResponseIssue[];
  /** Warnings about bids, by seat (`ext.warnings.<seat>`). */
  bidderWarnings?: Readonly<Record<string, readonly ResponseIssue[]>>;
  tmaxMs: number;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

/** imp id → `imp.ext.<ns>.passthrough`, echoed into that imp's bids (upstream ImpExtInfo). */
function impPassthrough(ctx: AuctionContext): Map<string, unknown> | undefined {
  let out: Map<string, unknown> | undefined;
  for (const imp of ctx.request.imp) {
    const v = obj(obj(imp.ext)?.[ctx.ns])?.['passthrough'];
    if (v !== undefined) (out ??= new Map()).set(imp.id, v);
  }
  return out;
}

function bidExt(ab: AuctionBid, ns: string, passthrough: unknown): Record<string, unknown> {
  // Built by assignment rather than spreads of (usually absent) bidder-supplied objects: this runs
  // for every bid of every auction (a spread with a computed key was 3% of an auction's CPU).
  const own = obj(ab.bid.ext);
  const ownNs = own ? obj(own[ns]) : undefined;
  const ownMeta = ownNs ? obj(ownNs['meta']) : undefined;
  // `adaptercode` comes from the bidder layer (call-bidders.ts) inside `ab.meta`, as upstream's.
  const meta: Record<string, unknown> = ownMeta || ab.meta ? withProps(ownMeta, ab.meta ?? {}) : {};
  // Of the bid's own ext.<ns> only `meta` survives: the rest is the core's (upstream makeBidExtJSON).
  const nsExt: Record<string, unknown> = {};
  nsExt['type'] = ab.type;
  nsExt['meta'] = meta;
  if (ab.targeting && Object.keys(ab.targeting).length) nsExt['targeting'] = ab.targeting;
  if (ab.cache) nsExt['cache'] = ab.cache;
  // Both members always written, as upstream's struct does (a bidder may leave one out).
  if (ab.video) {
    nsExt['video'] = withProps(ab.video, {
      duration: ab.video.duration ?? 0,
      primary_category: ab.video.primary_category ?? '',
    });
  }
  if (ab.dealPriority) nsExt['dealpriority'] = ab.dealPriority;
  if (passthrough !== undefined) nsExt['passthrough'] = passthrough;
  if (ab.generatedBidId !== undefined) nsExt['bidid'] = ab.generatedBidId;
  if (ab.events) nsExt['events'] = ab.events;
  if (ab.floors) nsExt['floors'] = ab.floors;
  if (ab.targetBidderCode === true && ab.targetingCode !== undefined)
    nsExt['targetbiddercode'] = ab.targetingCode;
  const ext: Record<string, unknown> = own ? copyForWrite(own) : {};
  ext['origbidcpm'] = ab.originalPrice;
  if (ab.originalCurrency !== '') ext['origbidcur'] = ab.originalCurrency;
  ext[ns] = nsExt;
  return ext;
}

function addIssues(
  into: Record<string, ResponseIssue[]>,
  key: string,
  issues: readonly ResponseIssue[],
): void {
  if (issues.length === 0) return;
  (into[key] ??= []).push(...issues);
}

/** `ext.<ns>`: auction timestamp, PAAPI configs, the request's passthrough echoed. */
function responseNsExt(ctx: AuctionContext, input: ResponseInput): Record<string, unknown> {
  // Omitted when zero (upstream omitempty; only an injected clock at 0 does that).
  const out: Record<string, unknown> = ctx.startedAt > 0 ? { auctiontimestamp: ctx.startedAt } : {};
  const auctionconfigs = flatOf(input.seats, (seat) => seat.fledge);
  if (auctionconfigs.length) out['fledge'] = { auctionconfigs };
  const passthrough = obj(ctx.request.ext?.[ctx.ns])?.['passthrough'];
  if (passthrough !== undefined) out['passthrough'] = passthrough;
  return out;
}

/**
 * No bids at all: `seatbid: []` (variant J) so clients can always iterate, and no `cur` (variant G):
 * a currency means nothing without prices (docs/decisions.md "Response without bids").
 */
export function buildResponse(ctx: AuctionContext, input: ResponseInput): BidResponse {
  const passthrough = impPassthrough(ctx);
  const seatOrder: string[] = [];
  const bySeat = new Map<string, Bid[]>();
  for (const ab of input.bids) {
    let list = bySeat.get(ab.seat);
    if (!list) {
      list = [];
      bySeat.set(ab.seat, list);
      seatOrder.push(ab.seat);
    }
    const ext = bidExt(ab, ctx.ns, passthrough?.get(ab.bid.impid));
    // A spread that only replaces a key the bid has is V8's fast clone (@gavel/common objects.ts).
    list.push('ext' in ab.bid ? { ...ab.bid, ext } : withProps(ab.bid, { ext }));
  }
  const seatbid: SeatBid[] = seatOrder.map((seat) => ({ seat, bid: bySeat.get(seat) ?? [] }));

  const errors: Record<string, ResponseIssue[]> = {};
  const warnings: Record<string, ResponseIssue[]> = {};
  const responsetimemillis: Record<string, number> = {};
  const httpcalls: Record<string, DebugHttpCall[]> = {};
  for (const seat of input.seats) {
    addIssues(errors, seat.bidder, seat.errors);
    addIssues(warnings, seat.bidder, seat.warnings);
    if (seat.responseTimeMs !== undefined) responsetimemillis[seat.bidder] = seat.responseTimeMs;
    if (seat.httpCalls?.length) httpcalls[seat.bidder] = seat.httpCalls;
  }
  for (const [key, issues] of Object.entries(input.errors)) addIssues(errors, key, issues);
  addIssues(warnings, 'general', input.generalWarnings);
  addIssues(warnings, ctx.ns, input.nsWarnings ?? []);
  for (const [key, issues] of Object.entries(input.bidderWarnings ?? {})) addIssues(warnings, key, issues);

  const ext: Record<string, unknown> = {};
  if (ctx.debug) ext['debug'] = { httpcalls, resolvedrequest: ctx.request };
  if (Object.keys(errors).length) ext['errors'] = errors;
  if (Object.keys(warnings).length) ext['warnings'] = warnings;
  ext['responsetimemillis'] = responsetimemillis;
  if (input.tmaxMs > 0) ext['tmaxrequest'] = input.tmaxMs;
  const nsExt = responseNsExt(ctx, input);
  if (Object.keys(nsExt).length) ext[ctx.ns] = nsExt;

  return {
    id: ctx.request.id,
    seatbid,
    ...(seatbid.length ? { cur: ctx.currency } : {}),
    ext,
  };
}
