// Improve Digital adapter: one call per imp, to the endpoint with `{PublisherId}` naming the publisher's
// path; answers have one seat; bids are typed by `mtype` (or a single-format imp) and classic or deal
// line items become the bid's deal id.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { requestPerImp } from '../../helpers/imp-requests.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { mediaTypeOfMtype, mediaTypesOfImp } from '../../helpers/media-type.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { serverError } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

/** The endpoint for the publisher named by the first imp's params (`<id>/` path segment, or none). */
function uriFor(request: Readonly<BidRequest>, endpoint: string): string {
  const id = (request.imp[0]?.ext?.bidder as { publisherId?: unknown } | undefined)?.publisherId;
  return endpoint.replace('{PublisherId}', typeof id === 'number' && id > 0 ? `${id}/` : '');
}

function typeOf(bid: Bid, request: Readonly<BidRequest>): MediaType | BidderError {
  const imp = request.imp.find((i) => i.id === bid.impid);
  if (!imp) return serverError(`Failed to find impression for ID: "${bid.impid}"`);
  if (bid.mtype) {
    return (
      mediaTypeOfMtype(bid.mtype) ??
      serverError(`Unsupported MType ${bid.mtype} for impression with ID: "${imp.id}"`)
    );
  }
  const offered = mediaTypesOfImp(imp);
  if (offered.length > 1) {
    return serverError(`Bid must have non-zero MType for multi format impression with ID: "${imp.id}"`);
  }
  return offered[0] ?? serverError(`Could not determine MType from impression with ID: "${imp.id}"`);
}

/** Buying types that mean a guaranteed line item (matched anywhere in the value, as Improve Digital does). */
const DEAL_BUYING = /classic|deal/;

/** Guaranteed line items (classic or deal buying) are reported as the bid's deal. */
function withDeal(bid: Bid): Bid {
  const ext = bid.ext?.improvedigital as { line_item_id?: unknown; buying_type?: unknown } | undefined;
  const dealt = typeof ext?.buying_type === 'string' && DEAL_BUYING.test(ext.buying_type);
  return dealt && typeof ext?.line_item_id === 'number' && ext.line_item_id !== 0
    ? withProps(bid, { dealid: String(ext.line_item_id) })
    : bid;
}

/** Rewarded imps (`ext.prebid.is_rewarded_inventory` 1) are flagged where Improve Digital reads it. */
function mapImp(imp: Readonly<Imp>): Imp {
  const prebid = imp.ext?.prebid as { is_rewarded_inventory?: unknown } | undefined;
  return prebid?.is_rewarded_inventory === 1
    ? withProps(imp, { ext: withProps(imp.ext, { is_rewarded_inventory: true }) })
    : imp;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    const calls = requestPerImp(request, { uri: ctx.endpoint, mapImp, headers });
    const value = calls.value.map((call, i) =>
      withProps(call, {
        uri: uriFor(withProps(request, { imp: request.imp.slice(i, i + 1) }), ctx.endpoint),
      }),
    );
    return { value, errors: calls.errors };
  },
  makeBids(request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const seatbids = opened.response.seatbid ?? [];
    if (seatbids.length === 0) return { value: null, errors: [] };
    if (seatbids.length > 1) {
      return {
        value: null,
        errors: [serverError(`Unexpected SeatBid! Must be only one but have: ${seatbids.length}`)],
      };
    }
    const seatBids = seatbids[0]?.bid ?? [];
    if (seatBids.length === 0) return { value: null, errors: [] };
    const bids: TypedBid[] = [];
    for (const bid of seatBids) {
      const type = typeOf(bid, request);
      if (isBidderError(type)) return { value: null, errors: [type] };
      bids.push({ bid: withDeal(bid), type });
    }
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};
