// Sovrn adapter: one call for all imps; tag id → imp.tagid, params floor fills a missing imp floor,
// device facts and the Sovrn user id (ljt_reader cookie) travel as headers.
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { addDeviceHeaders } from '../../helpers/device-headers.js';
import { allBids, inputError } from '../../helpers/bid-response.js';
import { queryUnescape } from '../../helpers/query-unescape.js';
import { withProps } from '@gavel/common';

/** The params floor: a number, or a string holding one (anything else counts as no floor). */
function floorOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() === value && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function mapImp(imp: Readonly<Imp>): Imp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const params = read.parts.bidder;
  const tagid = (params.tagid || params.tagId) as string | undefined;
  if (!tagid) return inputError("Missing required parameter 'tagid'");
  const video = imp.video;
  if (video && (video.mimes == null || !video.maxduration || video.protocols == null)) {
    return inputError('Missing required video parameter');
  }
  const floor = floorOf(params.bidfloor);
  return !imp.bidfloor && floor > 0 ? withProps(imp, { tagid, bidfloor: floor }) : withProps(imp, { tagid });
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const headers: Record<string, string[]> = { 'Content-Type': ['application/json'] };
    addDeviceHeaders(headers, request);
    const buyeruid = request.user?.buyeruid?.trim();
    if (buyeruid) headers['Cookie'] = [`ljt_reader=${buyeruid}`];
    return requestWithAllImps(request, { uri: ctx.endpoint, mapImp, headers });
  },

  makeBids(request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      // Sovrn query-escapes its markup; a bid whose markup cannot be unescaped is left out.
      const adm = queryUnescape(bid.adm ?? '');
      if (adm === null) continue;
      const imp = request.imp.find((i) => i.id === bid.impid);
      if (!imp) {
        errors.push(
          inputError(`Imp ID ${bid.impid} in bid didn't match with any imp in the original request`),
        );
        continue;
      }
      const out = bid.adm === undefined ? bid : withProps(bid, { adm });
      bids.push({ bid: out, type: imp.video ? 'video' : 'banner' });
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
