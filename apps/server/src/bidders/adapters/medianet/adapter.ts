// Media.net adapter: the request goes out unchanged to the endpoint tagged with the host's source URL
// (`src`, from extraInfo); bid types come from `mtype`, else from the imp.
import type { Adapter, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfImp, mediaTypeOfMtype } from '../../helpers/media-type.js';
import { queryEscape } from '../../helpers/query-escape.js';

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const source =
      typeof ctx.extraInfo === 'string' && ctx.extraInfo ? ctx.extraInfo : ctx.server.externalUrl;
    const uri = source ? `${ctx.endpoint}?src=${queryEscape(source)}` : ctx.endpoint;
    return { value: [postJson(uri, request)], errors: [] };
  },

  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid }) => {
      const type =
        mediaTypeOfMtype(bid.mtype) ??
        mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video', 'native', 'audio'], 'banner') ??
        'banner';
      return { bid, type };
    });
    return { value: { currency: parsed.value.cur || 'USD', bids }, errors: [] };
  },
};
