// The floor a bidder is sent, given its bid adjustment (G exchange/utils.go applyBidAdjustmentToFloor,
// J BasicPriceFloorAdjuster): the bidder's bids are multiplied by its factor later, so the floor it
// sees is divided by it. On when the request's enforcement.bidadjustment says so, else the account's
// adjust_for_bid_adjustment (J's precedence).
import { Decimal } from 'decimal.js';
import { withProps } from '@gavel/common';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { field, isObj } from './parse.js';
import { mediaTypeOf } from './rule-key.js';
import type { FloorsSettings } from './settings.js';

export interface BidderFloorsInput {
  /** The bidder's own copy of the request (its imps carry the auction's floors). */
  request: BidRequest;
  /** Bidder or alias name, as in ext.<ns>.bidadjustmentfactors. */
  bidder: string;
  ns: string;
  settings: FloorsSettings;
  /** The account's factors per bidder (used when the request has none for the bidder). */
  accountFactors?: Readonly<Record<string, number>>;
}

type Obj = Record<string, unknown>;

function lowerFactors(v: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (!isObj(v)) return out;
  for (const [k, f] of Object.entries(v)) if (typeof f === 'number' && f > 0) out.set(k.toLowerCase(), f);
  return out;
}

/** Media-type factor (single-format imps) over the bidder's request factor over the account's. */
function factorFor(imp: Imp, bidder: string, raw: Obj | undefined, account: Map<string, number>): number {
  const name = bidder.toLowerCase();
  const mediaTypes = raw?.['mediatypes'];
  const type = mediaTypeOf(imp);
  const byType = isObj(mediaTypes) ? lowerFactors(mediaTypes[type]).get(name) : undefined;
  return byType ?? lowerFactors(raw).get(name) ?? account.get(name) ?? 1;
}

function adjustEnabled(request: BidRequest, ns: string, settings: FloorsSettings): boolean {
  const nsExt = request.ext?.[ns];
  const floors = isObj(nsExt) ? field(nsExt, 'floors') : undefined;
  const enforcement = isObj(floors) ? field(floors, 'enforcement') : undefined;
  const flag = isObj(enforcement) ? field(enforcement, 'bidadjustment') : undefined;
  return typeof flag === 'boolean' ? flag : settings.account.adjustForBidAdjustment;
}

/**
 * The bidder's request with each imp.bidfloor divided by the bidder's adjustment factor (4
 * decimals, half even). Unchanged (same object) when floors or the adjustment are off, or the
 * factor is 1.
 */
export function adjustFloorsForBidder(input: BidderFloorsInput): BidRequest {
  const { request, ns, settings } = input;
  if (!settings.hostEnabled || !settings.account.enabled) return request;
  if (!isObj(request) || !Array.isArray(request.imp) || !adjustEnabled(request, ns, settings)) return request;
  const nsExt = request.ext?.[ns];
  const raw = isObj(nsExt) ? field(nsExt, 'bidadjustmentfactors') : undefined;
  const account = lowerFactors(input.accountFactors);
  let changed = false;
  const imp = request.imp.map((i) => {
    const floor = i.bidfloor ?? 0;
    const factor = factorFor(i, input.bidder, isObj(raw) ? raw : undefined, account);
    if (!(floor > 0) || factor === 1) return i;
    changed = true;
    const bidfloor = new Decimal(floor).div(factor).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toNumber();
    return withProps(i, { bidfloor });
  });
  return changed ? withProps(request, { imp }) : request;
}
