// Per-bidder tmax (tmax/index.ts; upstream G tmax_adjustments): with adjustments on, each bidder's
// request carries the time it really has; a bidder left with less than the minimum is not called and
// gets error 12 "exceeded tmax duration". Off → the requests are returned as they are.
import type { Clock } from '@gavel/common';
import { withProps } from '@gavel/common';
import type { AuctionContext, BidderRequest, SeatResult } from '../types.js';
import { bidderTmax, TMAX_TIMEOUT, type TmaxAdjustmentSettings } from '../../tmax/index.js';
import { remainingMs } from '../deadline.js';

export interface BidderTmaxResult {
  requests: BidderRequest[];
  /** Bidders not called for lack of time, as seats with the error. */
  refused: SeatResult[];
}

export function adjustBidderTmax(
  ctx: AuctionContext,
  requests: BidderRequest[],
  settings: TmaxAdjustmentSettings | undefined,
  clock: Clock,
): BidderTmaxResult {
  if (!settings || requests.length === 0) return { requests, refused: [] };
  const left = remainingMs(clock, ctx.bidderDeadline);
  const out: BidderRequest[] = [];
  const refused: SeatResult[] = [];
  for (const br of requests) {
    const t = bidderTmax(settings, left);
    if (t.call) out.push(withProps(br, { request: withProps(br.request, { tmax: t.tmaxMs }) }));
    else refused.push({ bidder: br.bidder, bids: [], errors: [{ ...TMAX_TIMEOUT }], warnings: [] });
  }
  return { requests: out, refused };
}
