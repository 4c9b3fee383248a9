// Step 9 (money path): winner per imp and each bidder's top bid (notes §10 "Winner selection",
// preferdeals), and the `hb_pb` price bucket per bid (contract "Targeting object", exact decimal).
import { readTargeting, granularityFor } from '../../targeting/targeting-config.js';
import { priceBucket } from '../../targeting/price-granularity.js';
import { rankBids as rank } from '../../targeting/select-winners.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';
import { withProps } from '@gavel/common';

export interface RankBidsResult {
  bids: AuctionBid[];
  errors: Record<string, ResponseIssue[]>;
}

export function rankBids(ctx: AuctionContext, bids: AuctionBid[]): RankBidsResult {
  const targeting = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  const { winners, bidderTops } = rank(bids, targeting?.preferDeals ?? false);
  const out = bids.map((b, i) => {
    const ranked: AuctionBid = withProps(b, { winner: winners.has(i), bidderTop: bidderTops.has(i) });
    if (targeting) ranked.priceBucket = priceBucket(b.bid.price, granularityFor(targeting, b.type));
    return ranked;
  });
  return { bids: out, errors: {} };
}
