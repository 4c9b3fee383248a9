// sspBC adapter: the request is wrapped as `{ bidRequest, requestInfo }` and posted, without headers, to
// the endpoint with the adapter version (`bdver`) in its query. Bids are typed by `mtype`; a bid without
// a known one fails the whole answer.
import type { Adapter, BidderResponse, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { joinQuery, splitQuery } from '../../helpers/url-query.js';

const ADAPTER_VERSION = '6.0';

function endpointOf(template: string): string {
  const { base, query } = splitQuery(template);
  query.set('bdver', [...(query.get('bdver') ?? []), ADAPTER_VERSION]);
  return joinQuery(base, query);
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    // The entry point (upstream metrics request type) is not known to adapters here; sent empty.
    const body = JSON.stringify({ bidRequest: request, requestInfo: { PbsEntryPoint: '' } });
    const call = {
      method: 'POST' as const,
      uri: endpointOf(ctx.endpoint),
      body,
      impIds: request.imp.map((i) => i.id),
    };
    return { value: [call], errors: [] };
  },
  makeBids(_request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      const message = `unexpected status code: ${status}.`;
      return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
    }
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const type = mediaTypeOfMtype(bid.mtype);
      if (!type) {
        const message = `unsupported MType: ${bid.mtype ?? 0}.`;
        return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
      }
      bids.push({ bid, type });
    }
    const result: BidderResponse = { currency: parsed.value.cur || 'USD', bids };
    return { value: result, errors: [] };
  },
};
