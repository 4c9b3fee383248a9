// Yieldmo: one call with every imp; `imp.ext` becomes `{placement_id, gpid}` (gpid from the ad slot;
// an imp with unreadable params is reported yet still sent), floors in USD (a failed conversion is
// reported and the floor kept). Bids state `ext.mediatype`; others are silently dropped. Prices in USD.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, MediaType, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { floorToUsd } from '../../helpers/usd-floor.js';
import { withProps } from '@gavel/common';

const TYPES: readonly MediaType[] = ['banner', 'video', 'native'];

/** The floor in USD; when it cannot be converted the imp keeps it and the failure is reported. */
function floorInUsd(imp: Readonly<Imp>, ctx: AdapterContext): Imp | BidderError {
  const floored = floorToUsd(imp, ctx);
  if (!isBidderError(floored)) return floored;
  return { code: 2, message: `Unable to convert provided bid floor currency from ${imp.bidfloorcur} to USD` };
}

function impExtOf(imp: Readonly<Imp>, errors: BidderError[]): { placement_id: string; gpid?: string } {
  const read = readImpExt(imp);
  if ('error' in read) {
    errors.push(read.error);
    return { placement_id: '' };
  }
  const { placementId } = read.parts.bidder;
  const pbadslot = (read.parts.ext.data as { pbadslot?: unknown } | undefined)?.pbadslot;
  const placement_id = typeof placementId === 'string' ? placementId : '';
  return typeof pbadslot === 'string' && pbadslot ? { placement_id, gpid: pbadslot } : { placement_id };
}

function typeOf(bid: Bid): MediaType | undefined {
  const stated = (bid.ext as { mediatype?: unknown } | undefined)?.mediatype;
  return TYPES.find((t) => t === stated);
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    const imps = request.imp.map((imp) => {
      const floored = floorInUsd(imp, ctx);
      if (isBidderError(floored)) errors.push(floored);
      return withProps(isBidderError(floored) ? imp : floored, { ext: impExtOf(imp, errors) });
    });
    const body: BidRequest = withProps(request, { imp: imps });
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    return { value: [postJson(ctx.endpoint, body, headers)], errors };
  },

  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = typeOf(bid);
      if (type) bids.push({ bid, type });
    }
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
