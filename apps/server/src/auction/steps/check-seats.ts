// Step 8 (bidder layer): a bid under a seat other than its bidder's own is kept only when the
// alternate bidder codes allow it (request `ext.<ns>.alternatebiddercodes`, else the account's);
// otherwise it is dropped with warning 10005 under the bidder (upstream bidder.go).
import { withProps } from '@gavel/common';
import { alternateCodesFor, isAllowedSeat } from '../../alternatebiddercodes/index.js';
import type { AuctionContext, SeatResult } from '../types.js';

export function checkSeats(ctx: AuctionContext, seats: readonly SeatResult[]): SeatResult[] {
  const foreign = seats.some((s) => s.bids.some((b) => b.seat !== b.bidder));
  if (!foreign) return seats.slice();
  const { settings } = alternateCodesFor({
    requestExt: ctx.request.ext?.[ctx.ns],
    ns: ctx.ns,
    account: ctx.account.alternateBidderCodes,
  });
  return seats.map((seat) => {
    const warnings = [...seat.warnings];
    const bids = seat.bids.filter((b) => {
      const check = isAllowedSeat(settings, b.bidder, b.seat);
      if (!check.ok && !warnings.some((w) => w.message === check.warning.message))
        warnings.push(check.warning);
      return check.ok;
    });
    return bids.length === seat.bids.length ? seat : withProps(seat, { bids, warnings });
  });
}

/** Endpoint part: an unreadable request `ext.<ns>.alternatebiddercodes` is a 400 (upstream cannot decode it). */
export function alternateCodesErrors(request: AuctionContext['request'], ns: AuctionContext['ns']): string[] {
  return alternateCodesFor({ requestExt: request.ext?.[ns], ns, account: undefined }).requestErrors;
}
