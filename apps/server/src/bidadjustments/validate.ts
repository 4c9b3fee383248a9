// G's bidadjustment.Validate: a block is valid when every bidder entry and every deal entry is
// present (not null) and every adjustment is one of
//   multiplier  0 ≤ value < 100
//   cpm         0 ≤ value, currency required
//   static      0 ≤ value, currency required
// (adjtype compared as written: "CPM" is not a type). One bad adjustment invalidates the whole block.
import type { Adjustment, AdjustmentsByBidder, BidAdjustments } from './types.js';

const MULTIPLIER_LIMIT = 100;

/**
 * Compares the double itself, no decimal.js needed: the decimal a number stands for (its shortest
 * form) rounds to that double, rounding is monotonic and 0 and 100 are doubles, so the decimal is
 * below 0 (or 100) exactly when the double is. -0 passes, as decimal.js's -0 does; NaN and ±Infinity
 * (never from JSON) compare as decimal.js's do.
 */
export function isValidAdjustment(a: Adjustment): boolean {
  const value = a.value;
  if (value < 0) return false;
  switch (a.adjtype) {
    case 'multiplier':
      return value < MULTIPLIER_LIMIT;
    case 'cpm':
    case 'static':
      return a.currency !== '';
    default:
      return false;
  }
}

function isValidForMediaType(bidders: AdjustmentsByBidder): boolean {
  for (const deals of bidders.values()) {
    if (deals === null) return false;
    for (const list of deals.values()) {
      if (list === null) return false;
      if (!list.every(isValidAdjustment)) return false;
    }
  }
  return true;
}

/** True for an absent block and for a block whose every rule passes (G: all or nothing). */
export function isValidBidAdjustments(block: BidAdjustments | undefined): boolean {
  if (block === undefined) return true;
  for (const bidders of block.mediaTypes.values()) {
    if (!isValidForMediaType(bidders)) return false;
  }
  return true;
}
