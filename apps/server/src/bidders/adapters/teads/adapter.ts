// Teads adapter: one call for all imps (the first bad imp stops it); the placement id becomes
// `imp.tagid` and `imp.ext.kv`, banners take their first format's size. Every bid must name its renderer
// (`ext.prebid.meta` name and version, passed on in the bid's meta) or the whole answer is refused.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { inputError, allBids } from '../../helpers/bid-response.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { withFirstFormatSize } from '../../helpers/banner-size.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function mapImp(imp: Readonly<Imp>): Imp | BidderError {
  const bidder = isObject(imp.ext) ? imp.ext.bidder : undefined;
  const badExt = !isObject(imp.ext) || (bidder != null && !isObject(bidder));
  if (badExt) return inputError('Error parsing Imp.Ext object');
  const raw = isObject(bidder) ? bidder.placementId : undefined;
  const placementId = typeof raw === 'number' ? raw : 0;
  if (placementId === 0) return inputError('placementId should not be 0.');
  return withProps(withFirstFormatSize(imp), { tagid: String(placementId), ext: { kv: { placementId } } });
}

/** The renderer a bid names, or the error that refuses the answer. */
function renderer(bid: Bid): { rendererName: string; rendererVersion: string } | BidderError {
  if (!isObject(bid.ext)) return inputError(notAnObjectMessage(bid.ext));
  const meta = (bid.ext.prebid as { meta?: Record<string, unknown> } | undefined)?.meta;
  const name = typeof meta?.rendererName === 'string' ? meta.rendererName : '';
  const version = typeof meta?.rendererVersion === 'string' ? meta.rendererVersion : '';
  if (!name) return inputError('RendererName should not be empty if present');
  if (!version) return inputError('RendererVersion should not be empty if present');
  return { rendererName: name, rendererVersion: version };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    if (request.imp.length === 0)
      return { value: [], errors: [inputError('No impression in the bid request')] };
    const imps: Imp[] = [];
    for (const imp of request.imp) {
      const mapped = mapImp(imp);
      if (isBidderError(mapped)) return { value: [], errors: [mapped] };
      imps.push(mapped);
    }
    const body: BidRequest = withProps(request, { imp: imps });
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    return { value: [postJson(resolveEndpoint(ctx.endpoint, {}), body, headers)], errors: [] };
  },

  makeBids(request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(opened.response)) {
      const meta = renderer(bid);
      if ('code' in meta) return { value: null, errors: [meta] };
      const imp = request.imp.find((i) => i.id === bid.impid);
      if (!imp) return { value: null, errors: [inputError('Imp ids were not equals')] };
      bids.push({ bid, type: imp.video ? 'video' : 'banner', meta });
    }
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};
