// Seedtag: one call with every imp, floors in USD (an imp whose floor cannot be converted is dropped)
// and `cur` set to USD; bids are typed by `mtype` (banner or video only) and priced in USD.
import type { BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson, jsonHeaders } from '../../helpers/json-request.js';
import { floorToUsd } from '../../helpers/usd-floor.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { bidResponseDecodeError } from '../../helpers/bid-response-decode.js';
import { withProps } from '@gavel/common';

const TYPE_BY_MTYPE: Readonly<Record<number, MediaType>> = { 1: 'banner', 2: 'video' };

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { imps, errors } = mapImps(request, (imp) => floorToUsd(imp, ctx));
    if (imps.length === 0) return { value: [], errors };
    const body: BidRequest = withProps(request, { imp: imps, cur: ['USD'] });
    return { value: [postJson(ctx.endpoint, body, jsonHeaders())], errors };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const decodeError = bidResponseDecodeError(call.response.body);
    if (decodeError) return { value: null, errors: [decodeError] };
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = TYPE_BY_MTYPE[bid.mtype ?? 0];
      if (type) bids.push({ bid, type });
      else errors.push({ code: ERROR_CODE.badServerResponse, message: 'bid.MType invalid' });
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
