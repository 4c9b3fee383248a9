// Step 5b: first-party data for bidders (firstpartydata/): `ext.<ns>.data.bidders` and
// `ext.<ns>.bidderconfig` read once per auction on the auction and AMP endpoints, as upstream. The
// split applies each bidder's share (request/bidder-fpd.ts).
import { BadRequestError } from '@gavel/common';
import { extractFpdForBidders } from '../../firstpartydata/index.js';
import type { BidderLookup } from '../request/bidder-lookup.js';
import type { SplitFpd } from '../request/bidder-fpd.js';
import type { AuctionContext } from '../types.js';

/** undefined when the request carries no bidder FPD; throws a 400 for a contradictory one. */
export function firstPartyData(ctx: AuctionContext, registry: BidderLookup): SplitFpd | undefined {
  const normalizeBidder = (name: string) => registry.lookup(name)?.code;
  const res = extractFpdForBidders({
    request: ctx.request,
    ns: ctx.ns,
    endpoint: ctx.endpoint,
    normalizeBidder,
  });
  if (res.errors.length) throw new BadRequestError(res.errors.join(','), `ext.${ctx.ns}.bidderconfig`);
  if (res.request === ctx.request && !res.fpd) return undefined;
  return { request: res.request, ...(res.fpd ? { resolved: res.fpd } : {}), normalizeBidder };
}
