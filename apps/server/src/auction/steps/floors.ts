// Price floors in the auction (floors/): the request is enriched before the split (imp.bidfloor,
// ext.<ns>.floors), each bidder's floors are divided by its adjustment factor, and priced bids below
// their floor are rejected (seat-non-bid 301/304, warning 10009). Signalling and enforcement are off
// unless the host switch (`price-floors.enabled`) and the account's `price_floors.enabled` are on;
// the division only asks the adjustment switch (account adjust_for_bid_adjustment, request
// enforcement.bidadjustment), as upstream.
import { withProps } from '@gavel/common';
import {
  bidderFloorFactors,
  DEFAULT_ACCOUNT_FLOORS,
  divideBidderFloors,
  enforceFloors,
  enrichWithPriceFloors,
  FLOORS_DISABLED,
  type ConvertFn,
  type FloorsSettings,
} from '../../floors/index.js';
import type { FloorsFetcher } from '../../floors/fetch/index.js';
import type { Converter } from '../../currency/converter.js';
import type { AuctionBid, AuctionContext, BidderRequest, RejectedBid, ResponseIssue } from '../types.js';

export interface FloorsServices {
  /** `price-floors.enabled`. */
  hostEnabled: boolean;
  /** Periodic per-account floors data; absent → no fetched data. */
  fetcher?: FloorsFetcher;
  /** [0, 1): skip and enforce rates, model weights. */
  random: () => number;
}

const FLOOR_WARNING = 10009;
const FLOOR_ERROR = 999;

function settingsOf(ctx: AuctionContext, svc: FloorsServices | undefined): FloorsSettings | undefined {
  if (!svc?.hostEnabled || !ctx.account.priceFloors) return undefined;
  return { hostEnabled: true, account: ctx.account.priceFloors };
}

function throwing(converter: Converter): ConvertFn {
  return (amount, from, to) => {
    const res = converter.convert(amount, from, to);
    if (!res.ok) throw new Error(res.error);
    return res.price.toNumber();
  };
}

/** Before the split: the enriched request in a new context, and request errors (ext.errors.<ns>). */
export function signalFloors(
  ctx: AuctionContext,
  svc: FloorsServices | undefined,
  converter: Converter,
): { ctx: AuctionContext; errors: ResponseIssue[] } {
  const settings = settingsOf(ctx, svc);
  if (!settings || !svc) return { ctx, errors: [] };
  const account = ctx.account.priceFloors;
  const fetched =
    svc.fetcher && account?.useDynamicData
      ? svc.fetcher.get({
          id: ctx.account.id,
          ...(ctx.account.priceFloorsFetch ? { fetch: ctx.account.priceFloorsFetch } : {}),
        })
      : undefined;
  const enriched = enrichWithPriceFloors({
    request: ctx.request,
    ns: ctx.ns,
    settings,
    ...(fetched ? { fetched } : {}),
    convert: throwing(converter),
    random: svc.random,
  });
  // "disabled at account or in the request" would be on every such response (G): not reported.
  const errors = enriched.errors
    .filter((m) => m !== FLOORS_DISABLED)
    .map((message) => ({ code: FLOOR_ERROR, message }));
  if (enriched.request === ctx.request) return { ctx, errors };
  return { ctx: Object.freeze(withProps(ctx, { request: enriched.request })), errors };
}

/**
 * After the split: each bidder's floors divided by its bid adjustment factor (as upstream), the
 * factors and the switch read from the auction request (the bidders' copies no longer carry them).
 * Whether floors are on does not matter: only the adjustment switch does (G and J).
 */
export function floorsPerBidder(ctx: AuctionContext, requests: BidderRequest[]): BidderRequest[] {
  const factors = bidderFloorFactors({
    auction: ctx.request,
    ns: ctx.ns,
    accountAdjust: (ctx.account.priceFloors ?? DEFAULT_ACCOUNT_FLOORS).adjustForBidAdjustment,
    accountFactors: ctx.account.bidAdjustmentFactors,
  });
  if (!factors) return requests;
  return requests.map((br) => {
    const request = divideBidderFloors(br.request, br.bidder, factors);
    if (request === br.request) return br;
    // A spread over a key the bidder request has: V8's fast clone (@gavel/common objects.ts).
    return 'request' in br ? { ...br, request } : withProps(br, { request });
  });
}

export interface EnforcedFloors {
  bids: AuctionBid[];
  rejected: RejectedBid[];
  errors: ResponseIssue[];
  warnings: ResponseIssue[];
}

/** The bid with `bid.ext.<ns>.floors` (a spread over the key a bidder-layer bid has: auction-bid.ts). */
function withFloors(ab: AuctionBid, ext: object | undefined): AuctionBid {
  if (!ext) return ab;
  const floors = ext as AuctionBid['floors'];
  return 'floors' in ab ? { ...ab, floors } : withProps(ab, { floors });
}

/** A rejected bid as enforcement hands it back (the bid with its code) → the auction bid alone. */
function withoutCode(r: AuctionBid & { code: number }): AuctionBid {
  const { code: _code, ...ab } = r;
  return ab;
}

/** Priced bids below their imp's floor are rejected; kept bids carry bid.ext.<ns>.floors. */
export function enforceBidFloors(
  ctx: AuctionContext,
  bids: AuctionBid[],
  svc: FloorsServices | undefined,
  converter: Converter,
): EnforcedFloors {
  const settings = settingsOf(ctx, svc);
  if (!settings || !svc || bids.length === 0) return { bids, rejected: [], errors: [], warnings: [] };
  // The auction's bids go in as they are: all of them priced in the ad-server currency.
  const res = enforceFloors({
    request: ctx.request,
    ns: ctx.ns,
    settings,
    bids,
    currency: ctx.currency,
    convert: throwing(converter),
    random: svc.random,
  });
  const floorsOf = (ab: AuctionBid) => res.impFloors[ab.bid.impid];
  const kept: AuctionBid[] = [];
  for (const ab of res.kept) kept.push(withFloors(ab, floorsOf(ab)));
  return {
    bids: kept,
    rejected: res.rejected.map((r) => ({ bid: withFloors(withoutCode(r), floorsOf(r)), code: r.code })),
    errors: res.errors.map((message) => ({ code: FLOOR_ERROR, message })),
    warnings: res.warnings.map((message) => ({ code: FLOOR_WARNING, message })),
  };
}
