// Winner selection (notes §10 "Winner selection"): per imp across all seats the overall winner, and
// per imp and bidder that bidder's top bid. Prices compared as exact decimals; ties keep the first seen.
import { Decimal } from 'decimal.js';

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
  return new Decimal(a.bid.price).gt(b.bid.price);
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
