// Unruly: one call for all imps; the site id param is sent under both spellings (siteId, siteid), as
// the bidder reads either, and an imp without params aborts the whole request. Bids are typed by their
// imp (banner, else video with the bid's duration).
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The imp with only the site ids left in its ext, or the error that aborts the request. */
function mapImp(imp: Readonly<Imp>): Imp | BidderError {
  if (!isObject(imp.ext))
    return { code: 2, message: `ext data not provided in imp id=${imp.id}. Abort all Request` };
  const bidder = imp.ext.bidder;
  if (!isObject(bidder))
    return { code: 2, message: `siteid not provided in imp id=${imp.id}. Abort all Request` };
  const { siteId = 0, siteid = 0 } = bidder;
  return withProps(imp, { ext: { bidder: { siteid, siteId } } });
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const imps: Imp[] = [];
    for (const imp of request.imp) {
      const mapped = mapImp(imp);
      if (isBidderError(mapped)) return { value: [], errors: [mapped] };
      imps.push(mapped);
    }
    if (!ctx.endpoint) return { value: [], errors: [] };
    return { value: [postJson(ctx.endpoint, withProps(request, { imp: imps }))], errors: [] };
  },

  makeBids(request, call) {
    const opened = openBidResponse(call, { wording: { lowercase: true } });
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const imp = request.imp.find((i) => i.id === bid.impid);
      if (!imp) {
        const ids = request.imp.map((i) => i.id).join(' ');
        errors.push({
          code: 999,
          message: `Bid response imp ID ${bid.impid} not found in bid request containing imps [${ids}]\n`,
        });
      } else if (imp.banner) bids.push({ bid, type: 'banner' });
      else if (imp.video) {
        const dur = typeof bid.dur === 'number' ? bid.dur : 0;
        bids.push(
          dur > 0
            ? { bid, type: 'video', video: { duration: dur, primary_category: '' } }
            : { bid, type: 'video' },
        );
      } else errors.push({ code: 999, message: "bid responses mediaType didn't match supported mediaTypes" });
    }
    return { value: { currency: opened.response.cur || 'USD', bids }, errors };
  },
};
