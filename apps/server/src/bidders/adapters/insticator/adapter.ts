// Insticator adapter: requests per ad unit (request.ts); bids typed by mtype (video, else banner) with
// video duration and primary category, and meta (media type, seat, advertiser domains, categories).
import type { Bid } from '../../../openrtb/types.js';
import type { Adapter, MediaType, TypedBid } from '../../types.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { insticatorRequests } from './request.js';

function typedBid(bid: Bid, seat: string | undefined): TypedBid {
  const type: MediaType = bid.mtype === 2 ? 'video' : 'banner';
  const meta: Record<string, unknown> = { mediaType: type };
  if (seat) meta.seat = seat;
  if (bid.adomain?.length) meta.advertiserDomains = bid.adomain;
  const [primary, ...secondary] = bid.cat ?? [];
  if (primary !== undefined) {
    meta.primaryCatId = primary;
    if (secondary.length > 0) meta.secondaryCatIds = secondary;
  }
  if (type !== 'video') return { bid, type, meta };
  return { bid, type, meta, video: { duration: bid.dur ?? 0, primary_category: primary ?? '' } };
}

export const adapter: Adapter = {
  makeRequests: insticatorRequests,
  makeBids(_request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids = allBids(parsed.value).map(({ bid, seat }) => typedBid(bid, seat));
    return { value: { currency: parsed.value.cur || undefined, bids }, errors: [] };
  },
};
