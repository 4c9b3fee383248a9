// Winner selection (notes §10 "Winner selection"): per imp across all seats the overall winner, and
// per imp and bidder that bidder's top bid. Ties keep the first seen.
//
// Prices are compared with `>` on the numbers themselves: a comparison does no arithmetic and no
// rounding, and it orders two doubles exactly as their exact decimal values (and as the shortest
// decimal strings decimal.js would build from them), so a Decimal per comparison bought nothing but
// allocations (4% of an 8-bidder auction's CPU in the bench profile). Arithmetic on prices
// (adjustment, conversion, buckets) stays decimal.

export interface RankableBid {
  bidder: string;
  bid: { impid: string; price: number; dealid?: string };
}

export interface Ranking {
  /** Indexes (into the input) of each imp's overall winner. */
  winners: ReadonlySet<number>;
  /** Indexes of each bidder's top bid per imp (winners included). */
  bidderTops: ReadonlySet<number>;
}

const hasDeal = (b: RankableBid): boolean => typeof b.bid.dealid === 'string' && b.bid.dealid !== '';

/** True when `a` beats `b`: with preferDeals any deal beats any non-deal, then higher price. */
export function beats(a: RankableBid, b: RankableBid, preferDeals: boolean): boolean {
  if (preferDeals) {
    const da = hasDeal(a);
    if (da !== hasDeal(b)) return da;
  }
  return a.bid.price > b.bid.price;
}

export function rankBids(bids: readonly RankableBid[], preferDeals: boolean): Ranking {
  const winnerByImp = new Map<string, number>();
  const topByImpBidder = new Map<string, number>();
  bids.forEach((b, i) => {
    const w = winnerByImp.get(b.bid.impid);
    const wb = w === undefined ? undefined : bids[w];
    if (!wb || beats(b, wb, preferDeals)) winnerByImp.set(b.bid.impid, i);
    const key = `${b.bid.impid}\u0000${b.bidder}`;
    const t = topByImpBidder.get(key);
    const tb = t === undefined ? undefined : bids[t];
    if (!tb || beats(b, tb, preferDeals)) topByImpBidder.set(key, i);
  });
  return { winners: new Set(winnerByImp.values()), bidderTops: new Set(topByImpBidder.values()) };
}
