// An auction bid with a new price (bid adjustment factors, rules, currency conversion).
import { withProps } from '@gavel/common';
import type { AuctionBid } from './types.js';

/**
 * The auction bid with its bid's price replaced. Both copies are spreads over keys the objects have:
 * V8's fast clone, where `withProps` is a generic copy (@gavel/common objects.ts).
 */
export function withBidPrice(ab: AuctionBid, price: number): AuctionBid {
  const bid = 'price' in ab.bid ? { ...ab.bid, price } : withProps(ab.bid, { price });
  return 'bid' in ab ? { ...ab, bid } : withProps(ab, { bid });
}
