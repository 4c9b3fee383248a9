// Step 8b: bid adjustment factors (contract "ext.core.bidadjustmentfactors"): per bidder or alias
// (case-insensitive) and per media type — `video-outstream` is video with placement > 1. The media
// type factor wins over the bidder factor, which wins over the account's. The product is the exact
// decimal price × factor (as decimal.js computes it) rounded once to the nearest double, never a float
// multiplication: in integer micros when both have ≤ 6 decimals and the product stays a safe integer
// (exactProduct, the usual case), else with decimal.js.
import { Decimal } from 'decimal.js';
import type { AuctionBid, AuctionContext } from '../types.js';
import { withBidPrice } from '../bid-price.js';
import { exactProduct } from '../../targeting/micros.js';
import { factorOf, readAuctionFactors } from '../../bidadjustments/factors.js';

function mediaKey(ab: AuctionBid, ctx: AuctionContext): string {
  if (ab.type !== 'video') return ab.type;
  const imp = ctx.request.imp.find((i) => i.id === ab.bid.impid);
  const placement = (imp?.video as { placement?: unknown } | undefined)?.placement;
  return typeof placement === 'number' && placement > 1 ? 'video-outstream' : 'video';
}

export function adjustBids(ctx: AuctionContext, bids: readonly AuctionBid[]): AuctionBid[] {
  const raw = (ctx.request.ext?.[ctx.ns] as Record<string, unknown> | undefined)?.['bidadjustmentfactors'];
  const factors = readAuctionFactors(raw, ctx.account.bidAdjustmentFactors);
  if (!factors) return bids.slice();

  return bids.map((ab) => {
    const name = ab.bidder.toLowerCase();
    const factor = factorOf(factors, mediaKey(ab, ctx), name);
    if (factor === undefined || factor === 1) return ab;
    const price = exactProduct(ab.bid.price, factor) ?? new Decimal(ab.bid.price).times(factor).toNumber();
    return withBidPrice(ab, price);
  });
}
