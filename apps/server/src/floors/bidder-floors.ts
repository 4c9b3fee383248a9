// The floor a bidder is sent, given its bid adjustment (G exchange/utils.go applyBidAdjustmentToFloor,
// J BasicPriceFloorAdjuster): the bidder's bids are multiplied by its factor later, so the floor it
// sees is divided by it. On when the request's enforcement.bidadjustment says so, else the account's
// adjust_for_bid_adjustment (J's precedence) — whether floors are on or not (G and J: only that switch
// decides; a publisher's own imp.bidfloor is divided too). The factors and the switch are the auction request's
// (G reads them from the request's ext, not from the bidder's copy, whose ext is cut down to what the
// bidder may see); they are read once per auction (bidderFloorFactors), not per bidder and imp.
import { Decimal } from 'decimal.js';
import { withProps } from '@gavel/common';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { factorOf, readAuctionFactors, type AuctionFactors } from '../bidadjustments/factors.js';
import { exactMicros } from '../targeting/micros.js';
import { field, isObj } from './parse.js';
import { mediaTypeOf } from './rule-key.js';

/** The factors of one auction (undefined: floors are not adjusted). */
export type BidderFloorFactors = AuctionFactors;

function adjustEnabled(request: BidRequest, ns: string, accountAdjust: boolean): boolean {
  const nsExt = request.ext?.[ns];
  const floors = isObj(nsExt) ? field(nsExt, 'floors') : undefined;
  const enforcement = isObj(floors) ? field(floors, 'enforcement') : undefined;
  const flag = isObj(enforcement) ? field(enforcement, 'bidadjustment') : undefined;
  return typeof flag === 'boolean' ? flag : accountAdjust;
}

/** The auction's factors when floors are adjusted for bid adjustments and some factor is set; else undefined. */
export function bidderFloorFactors(input: {
  auction: BidRequest;
  ns: string;
  /** The account's adjust_for_bid_adjustment. */
  accountAdjust: boolean;
  accountFactors?: Readonly<Record<string, number>> | undefined;
}): BidderFloorFactors | undefined {
  const { auction, ns } = input;
  if (!isObj(auction) || !adjustEnabled(auction, ns, input.accountAdjust)) return undefined;
  const nsExt = auction.ext?.[ns];
  const raw = isObj(nsExt) ? field(nsExt, 'bidadjustmentfactors') : undefined;
  return readAuctionFactors(raw, input.accountFactors);
}

/** Media-type factor (single-format imps) over the bidder's request factor over the account's. */
function factorFor(imp: Imp, name: string, factors: BidderFloorFactors): number {
  const mediaType = factors.byMediaType.size > 0 ? mediaTypeOf(imp) : '';
  return factorOf(factors, mediaType, name) ?? 1;
}

/** Largest factor, in micros, of the integer path: see dividedFloor. */
const MAX_EXACT_FACTOR_MICROS = 1e10;
/** Largest quotient of the integer path. */
const MAX_EXACT_QUOTIENT = 1e6;

/**
 * floor ÷ factor to 4 decimals, half even — as `new Decimal(floor).div(factor)` (20 significant
 * digits) then toDecimalPlaces(4, ROUND_HALF_EVEN) computes it. In integers when both have exact
 * micros: the quotient's distance from a 4-decimal tie is a multiple of 10^-4 / (2 × factor micros),
 * at least 5e-15 below a factor of 10^4, while decimal.js's 20 digits of a quotient below 10^6 are off
 * by at most 5e-15: both then round the same way. Otherwise decimal.js.
 */
export function dividedFloor(floor: number, factor: number): number {
  const fm = exactMicros(floor);
  const km = exactMicros(factor);
  const n = fm === undefined ? Number.NaN : fm * 10_000;
  if (km !== undefined && km > 0 && km < MAX_EXACT_FACTOR_MICROS && Number.isSafeInteger(n)) {
    const r = n % km;
    const q = (n - r) / km; // exact: n - r is a multiple of km
    if (q < MAX_EXACT_QUOTIENT * 10_000 && n >= 0) {
      const up = 2 * r > km || (2 * r === km && q % 2 === 1);
      return (up ? q + 1 : q) / 10_000; // one correctly rounded division: the double nearest q × 10^-4
    }
  }
  return new Decimal(floor).div(factor).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toNumber();
}

/**
 * The bidder's request with each imp.bidfloor divided by the bidder's factor. Unchanged (same
 * object) when there are no factors (floors or the adjustment off) or the factor is 1.
 */
export function divideBidderFloors(
  request: BidRequest,
  bidder: string,
  factors: BidderFloorFactors | undefined,
): BidRequest {
  if (!factors || !isObj(request) || !Array.isArray(request.imp)) return request;
  const name = bidder.toLowerCase();
  let changed = false;
  const imp = request.imp.map((i) => {
    const floor = i.bidfloor ?? 0;
    const factor = floor > 0 ? factorFor(i, name, factors) : 1;
    if (factor === 1) return i;
    changed = true;
    const bidfloor = dividedFloor(floor, factor);
    // Spreads over keys the objects have: V8's fast clone (@gavel/common objects.ts).
    return 'bidfloor' in i ? { ...i, bidfloor } : withProps(i, { bidfloor });
  });
  if (!changed) return request;
  return 'imp' in request ? { ...request, imp } : withProps(request, { imp });
}
