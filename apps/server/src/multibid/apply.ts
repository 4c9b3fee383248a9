// How the auction uses validated multibid entries (G exchange: buildMultiBidMap, auction.go
// validateAndUpdateMultiBid, targeting.go setTargeting, utils.go buildRequestExtMultiBid).
import { Decimal } from 'decimal.js';
import type { MultiBidEntry } from './types.js';

/** Code (lower-cased) → entry; a later entry for the same code wins (G's map build). */
export function multiBidByBidder(entries: readonly MultiBidEntry[]): ReadonlyMap<string, MultiBidEntry> {
  const map = new Map<string, MultiBidEntry>();
  for (const e of entries) {
    if (e.bidder !== undefined) map.set(e.bidder.toLowerCase(), e);
    else for (const b of e.bidders ?? []) map.set(b.toLowerCase(), e);
  }
  return map;
}

export interface RankableBid {
  price: Decimal.Value;
  dealId?: string | undefined;
}

/**
 * One bidder's bids on one imp, best first (G isNewWinningBid): with preferDeals a deal bid beats
 * any bid without one; otherwise (and between two of a kind) the higher price wins; ties keep the
 * response order (stable).
 */
export function rankBidderBids<T extends RankableBid>(bids: readonly T[], preferDeals: boolean): T[] {
  if (bids.length < 2) return bids.slice();
  // Numbers compare exactly as their decimal values (`>` does no arithmetic): a Decimal per bid
  // only when a price arrives as text or a Decimal.
  const numeric = bids.every((b) => typeof b.price === 'number');
  const keyed = bids.map((bid, i) => ({
    bid,
    i,
    price: numeric ? 0 : new Decimal(bid.price),
    deal: (bid.dealId ?? '') !== '',
  }));
  const byPrice = (a: (typeof keyed)[number], b: (typeof keyed)[number]): number => {
    if (!numeric) return (b.price as Decimal).comparedTo(a.price);
    const pa = a.bid.price as number;
    const pb = b.bid.price as number;
    return pb > pa ? 1 : pb < pa ? -1 : 0;
  };
  keyed.sort((a, b) => {
    if (preferDeals && a.deal !== b.deal) return a.deal ? -1 : 1;
    return byPrice(a, b) || a.i - b.i;
  });
  return keyed.map((k) => k.bid);
}

/**
 * The account's hard limit (`default_bid_limit`) on one bidder's ranked bids for one imp. G applies
 * only this limit (never the entry's maxbids) and only when targeting is on; 0 = no limit. Dropped
 * bids leave the response silently (no warning, no seatnonbid).
 */
export function limitBids<T>(ranked: readonly T[], defaultBidLimit: number): { kept: T[]; dropped: T[] } {
  if (defaultBidLimit <= 0 || ranked.length <= defaultBidLimit) return { kept: ranked.slice(), dropped: [] };
  return { kept: ranked.slice(0, defaultBidLimit), dropped: ranked.slice(defaultBidLimit) };
}

export interface TargetingCode {
  /** The bidder code of this bid's targeting keys (`hb_pb_<code>` …; `hb_bidder` value). */
  code: string;
  /** Also echo it as `bid.ext.prebid.targetbiddercode` (G: only when the entry's maxbids > 1). */
  targetBidderCode: boolean;
}

export interface TargetingCodesInput {
  /** The seat code the bids are under (alternate bidder codes included). */
  bidder: string;
  /** How many bids the bidder has on this imp (ranked, after limitBids). */
  count: number;
  /** multiBidByBidder(...).get(bidder.toLowerCase()) */
  entry?: MultiBidEntry | undefined;
}

/**
 * Per ranked bid (best first): its targeting code, or undefined = no targeting keys. The first bid
 * uses the bidder code; bid n (n ≥ 2) gets `<prefix><n>` while n ≤ maxbids. Without an entry, or
 * without a prefix, only the first bid gets targeting (G targeting.go).
 */
export function targetingCodes(input: TargetingCodesInput): Array<TargetingCode | undefined> {
  const maxBids = input.entry?.maxBids ?? 1;
  const prefix = input.entry?.targetBidderCodePrefix ?? '';
  const echo = maxBids > 1;
  const out: Array<TargetingCode | undefined> = [];
  for (let i = 0; i < input.count; i++) {
    if (i >= maxBids || (i >= 1 && prefix === '')) out.push(undefined);
    else out.push({ code: i === 0 ? input.bidder : `${prefix}${i + 1}`, targetBidderCode: echo });
  }
  return out;
}

/** How many of a bidder's ranked bids get deal-tier keys (G bidsToUpdate): maxbids with a prefix, else 1. */
export function dealTierBidCount(entry: MultiBidEntry | undefined): number {
  return entry?.targetBidderCodePrefix ? entry.maxBids : 1;
}

/** An entry as upstream writes it into request JSON (field order of G's struct). */
export function entryToJson(e: MultiBidEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (e.bidder !== undefined) out['bidder'] = e.bidder;
  if (e.bidders !== undefined) out['bidders'] = [...e.bidders];
  out['maxbids'] = e.maxBids;
  if (e.targetBidderCodePrefix) out['targetbiddercodeprefix'] = e.targetBidderCodePrefix;
  return out;
}

export interface BidderRequestMultiBidInput {
  entries: readonly MultiBidEntry[];
  /** The bidder the request goes to (as named in the request). */
  bidder: string;
  /** `allowedbiddercodes` of this bidder in its alternate bidder codes (request, else account); G does not check `enabled` here. */
  allowedBidderCodes?: readonly string[] | undefined;
}

/**
 * `ext.{ns}.multibid` of one bidder's outgoing request (G buildRequestExtMultiBid): its own entries
 * and those of the codes it may bid under (`*` = any); a `bidders` entry is split to the matching
 * code. undefined = omit the key.
 */
export function multiBidForBidderRequest(
  input: BidderRequestMultiBidInput,
): Record<string, unknown>[] | undefined {
  const me = input.bidder.toLowerCase();
  const allowed = input.allowedBidderCodes ?? [];
  const mine = (code: string) => {
    const c = code.toLowerCase();
    return c === me || allowed.some((a) => a === '*' || a === c);
  };
  const out: Record<string, unknown>[] = [];
  for (const e of input.entries) {
    if (e.bidder !== undefined) {
      if (mine(e.bidder)) out.push(entryToJson(e));
      continue;
    }
    for (const b of e.bidders ?? []) if (mine(b)) out.push(entryToJson({ bidders: [b], maxBids: e.maxBids }));
  }
  return out.length > 0 ? out : undefined;
}
