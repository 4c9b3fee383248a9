// The generic OpenRTB 2.5 adapter (architecture "Seams"): the whole bidder request as one JSON POST to
// the endpoint; the answer's seatbids become bids typed by `mtype`, else by the imp they bid on.
// Plain bidders and host-declared bidders are this adapter plus data (bidder info).
import type { Adapter, MediaType, TypedBid } from './types.js';
import { postJson } from './helpers/json-request.js';
import { stopOnStatus } from './helpers/response-status.js';
import { allBids, parseBidResponse } from './helpers/bid-response.js';
import { mediaTypeOfImp, mediaTypeOfMtype } from './helpers/media-type.js';

const TYPE_ORDER: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

export const genericOrtbAdapter: Adapter = {
  makeRequests(request, ctx) {
    return { value: [postJson(ctx.endpoint, request)], errors: [] };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid }) => ({
      bid,
      type: mediaTypeOfMtype(bid.mtype) ?? mediaTypeOfImp(request.imp, bid.impid, TYPE_ORDER, 'banner'),
    }));
    return { value: { currency: parsed.value.cur, bids }, errors: [] };
  },
};
