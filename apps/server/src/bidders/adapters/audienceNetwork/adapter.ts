// Audience Network (Meta) adapter: requests per imp (request.ts). Each bid's markup must be JSON
// naming its `bid_id`, which becomes the bid's ad and creative id; bids are typed by the format of the
// publisher's imp (a video interstitial sent as banner still fills a video slot).
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { allBids, parseBidResponse, serverError } from '../../helpers/bid-response.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { headerValue } from '../../helpers/header-value.js';
import { withProps } from '@gavel/common';
import { audienceNetworkRequests } from './request.js';
import { impTypeOf } from './imp.js';

function typedBid(bid: Bid, request: Readonly<BidRequest>): TypedBid | BidderError {
  if (!bid.adm) return serverError(`Bid ${bid.id} missing 'adm'`);
  const markup = parseJsonObject<{ bid_id?: unknown }>(bid.adm);
  if (!markup.ok) return serverError(markup.error.message);
  const bidId = markup.value.bid_id;
  if (typeof bidId !== 'string' || bidId === '')
    return serverError(`bid ${bid.id} missing 'bid_id' in 'adm'`);
  const imp = request.imp.find((i) => i.id === bid.impid);
  if (!imp)
    return serverError(`bid ${bid.id} 'impid' ${bid.impid} does not match any imp in the bid request`);
  return { bid: withProps(bid, { adid: bidId, crid: bidId }), type: impTypeOf(imp) };
}

export const adapter: Adapter = {
  makeRequests: audienceNetworkRequests,
  makeBids(request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      const detail = headerValue(call.response.headers, 'x-fb-an-errors') ?? '';
      const message = `Unexpected status code ${status} with error message '${detail}'`;
      return { value: null, errors: [{ code: ERROR_CODE.badInput, message }] };
    }
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const typed = typedBid(bid, request);
      if (isBidderError(typed)) errors.push(typed);
      else bids.push(typed);
    }
    return { value: { currency: parsed.value.cur || undefined, bids }, errors };
  },
};
