// Step 12b: every bid the auction dropped, with its reason code, as upstream's seat-non-bid
// (seatnonbid/): kept for the caller, and written into `ext.<ns>.seatnonbid` when the request sets
// `ext.<ns>.returnallbidstatus`.
import type { BidResponse } from '../../openrtb/types.js';
import {
  applySeatNonBid,
  createSeatNonBidCollector,
  returnAllBidStatus,
  type SeatNonBid,
} from '../../seatnonbid/index.js';
import type { AuctionContext, RejectedBid } from '../types.js';
import { withProps } from '@gavel/common';

export function seatNonBids(rejected: readonly RejectedBid[]): SeatNonBid[] {
  if (rejected.length === 0) return [];
  const collector = createSeatNonBidCollector();
  for (const r of rejected) {
    collector.rejectBid({
      seat: r.bid.seat,
      code: r.code,
      bid: r.bid.video ? withProps(r.bid.bid, { dur: r.bid.video.duration }) : r.bid.bid,
      origbidcpm: r.bid.originalPrice,
      origbidcur: r.bid.originalCurrency,
    });
  }
  return collector.seats();
}

export function withSeatNonBid(
  ctx: AuctionContext,
  response: BidResponse,
  seats: readonly SeatNonBid[],
): BidResponse {
  const ask = returnAllBidStatus(ctx.request.ext?.[ctx.ns]);
  if (!ask) return response;
  const ext = applySeatNonBid({ responseExt: response.ext, ns: ctx.ns, returnAllBidStatus: ask, seats });
  return ext === response.ext ? response : withProps(response, { ext });
}
