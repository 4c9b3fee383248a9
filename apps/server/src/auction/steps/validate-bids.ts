// Step 8a: drops bids the auction cannot use (issue 4 "Bids": known impid, id present, non-negative
// finite price); each dropped bid becomes an error of its bidder with code 3 (bad server response).
import type { AuctionContext, ResponseIssue, SeatResult } from '../types.js';
import { withProps } from '@gavel/common';

function problemOf(
  bid: { id?: unknown; impid?: unknown; price?: unknown },
  impIds: ReadonlySet<string>,
): string | undefined {
  if (typeof bid.id !== 'string' || bid.id === '') return 'missing required field "id"';
  if (typeof bid.impid !== 'string' || !impIds.has(bid.impid)) {
    return `impid "${String(bid.impid)}" matches no imp of the request`;
  }
  if (typeof bid.price !== 'number' || !Number.isFinite(bid.price) || bid.price < 0) {
    return `price ${String(bid.price)} is not a non-negative number`;
  }
  return undefined;
}

export function validateBids(ctx: AuctionContext, seats: readonly SeatResult[]): SeatResult[] {
  const impIds = new Set(ctx.request.imp.map((i) => i.id));
  return seats.map((seat) => {
    const errors: ResponseIssue[] = [];
    const bids = seat.bids.filter((ab) => {
      const problem = problemOf(ab.bid, impIds);
      if (problem) errors.push({ code: 3, message: `bid "${String(ab.bid.id)}" dropped: ${problem}` });
      return problem === undefined;
    });
    return errors.length ? withProps(seat, { bids, errors: [...seat.errors, ...errors] }) : seat;
  });
}
