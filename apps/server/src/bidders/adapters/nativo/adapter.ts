// Nativo adapter: the request is sent as it is, in one call. A bid's type is the imp's (native, then
// video, then banner); when the imp cannot say, the type the bid states in `ext.prebid.type`. Bids carry
// the Nativo renderer named in the request's SDK renderers as their meta. Prices are in USD.
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { strictExtBidType } from '../../helpers/ext-bid-type.js';

const IMP_ORDER: readonly MediaType[] = ['native', 'video', 'banner'];
const RENDERER = 'nativorenderer';

function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType | BidderError {
  const fromImp = mediaTypeOfImp(request.imp, bid.impid, IMP_ORDER);
  if (fromImp) return fromImp;
  return strictExtBidType(bid, (impid) => `Failed to parse impression "${impid}" mediatype`);
}

/** `{ rendererName, rendererVersion }` of the Nativo renderer the request's SDK declares, if any. */
function rendererMeta(request: Readonly<BidRequest>): Record<string, unknown> | undefined {
  const sdk = (request.ext?.prebid as { sdk?: { renderers?: unknown } } | undefined)?.sdk;
  const renderers = Array.isArray(sdk?.renderers) ? (sdk.renderers as Record<string, unknown>[]) : [];
  const found = renderers.find((r) => typeof r?.name === 'string' && r.name.toLowerCase() === RENDERER);
  if (!found) return undefined;
  const meta: Record<string, unknown> = { rendererName: found.name };
  if (typeof found.version === 'string' && found.version) meta.rendererVersion = found.version;
  return meta;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    return { value: [postJson(ctx.endpoint, request, headers)], errors: [] };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) {
      return {
        value: null,
        errors: [{ code: ERROR_CODE.badServerResponse, message: 'Bad Server Response' }],
      };
    }
    const meta = rendererMeta(request);
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const type = bidType(bid, request);
      if (typeof type !== 'string') errors.push(type);
      else bids.push(meta ? { bid, type, meta } : { bid, type });
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
