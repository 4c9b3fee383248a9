// An auction bid as the bidder layer makes it: every key of AuctionBid present from the start, in one
// order, those the later steps fill set to undefined. The steps copy a bid several times (floors,
// ranking, targeting, events, cache); a copy that only replaces keys the bid has is V8's fast clone
// and keeps one hidden class (@gavel/common objects.ts), where adding a key is the generic copy.
import type { AuctionBid } from './types.js';

/** What the bidder layer knows of a bid when it makes it. */
export type NewAuctionBid = Pick<
  AuctionBid,
  'bidder' | 'seat' | 'adapterCode' | 'bid' | 'type' | 'originalPrice' | 'originalCurrency'
> &
  Partial<Pick<AuctionBid, 'video' | 'dealPriority' | 'meta'>>;

export function newAuctionBid(b: NewAuctionBid): AuctionBid {
  return {
    bidder: b.bidder,
    seat: b.seat,
    adapterCode: b.adapterCode,
    bid: b.bid,
    type: b.type,
    originalPrice: b.originalPrice,
    originalCurrency: b.originalCurrency,
    video: b.video,
    dealPriority: b.dealPriority,
    meta: b.meta,
    winner: undefined,
    bidderTop: undefined,
    targetingCode: undefined,
    targetBidderCode: undefined,
    priceBucket: undefined,
    targeting: undefined,
    generatedBidId: undefined,
    events: undefined,
    categoryDuration: undefined,
    floors: undefined,
    cache: undefined,
  };
}
