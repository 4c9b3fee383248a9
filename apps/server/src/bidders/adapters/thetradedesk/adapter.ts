// The Trade Desk adapter: one call for all imps to the endpoint of the supply source (first imp's
// `supplySourceId`, else the host's extra info); the first publisher id given names the site or app
// publisher; banners take their first format's size; bids are typed by `mtype` only,
// with `${AUCTION_PRICE}` resolved in markup, win and billing notices.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { postJson } from '../../helpers/json-request.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';
import { withPublisherId } from '../../helpers/publisher-id.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids, serverError } from '../../helpers/bid-response.js';
import { withFirstFormatSize } from '../../helpers/banner-size.js';
import { withAuctionPrice } from '../../helpers/auction-price.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { copyForWrite, withProps } from '@gavel/common';

interface Params {
  publisherId: string;
  supplySourceId: string;
}

/** The params as upstream's typed decode reads them (string fields, its wording on a mismatch). */
function paramsOf(imp: Readonly<Imp>): Params | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const bidder = read.parts.bidder;
  const fields = { publisherId: 'PublisherId', supplySourceId: 'SupplySourceId' };
  const error = stringParamError(bidder, 'openrtb_ext.ExtImpTheTradeDesk', fields);
  if (error) return error;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { publisherId: text(bidder.publisherId), supplySourceId: text(bidder.supplySourceId) };
}

/** The request with a (possibly empty) publisher object on its site or app, as the bidder expects one. */
function withPublisher(request: BidRequest): BidRequest {
  if (request.site)
    return withProps(request, {
      site: withProps(request.site, { publisher: copyForWrite(request.site.publisher) }),
    });
  if (request.app)
    return withProps(request, {
      app: withProps(request.app, { publisher: copyForWrite(request.app.publisher) }),
    });
  return request;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    // The first non-empty publisher id and supply source among the imps.
    let publisherId = '';
    let supplySourceId = '';
    for (const imp of request.imp) {
      const params = paramsOf(imp);
      if (isBidderError(params)) return { value: [], errors: [params] };
      publisherId ||= params.publisherId;
      supplySourceId ||= params.supplySourceId;
      if (publisherId && supplySourceId) break;
    }
    const supplyId = supplySourceId || (typeof ctx.extraInfo === 'string' ? ctx.extraInfo : '');
    const withImps = withProps(request, { imp: request.imp.map(withFirstFormatSize) });
    const body = publisherId ? withPublisherId(withImps, publisherId) : withPublisher(withImps);
    return { value: [postJson(resolveEndpoint(ctx.endpoint, { SupplyId: supplyId }), body)], errors: [] };
  },
  makeBids(_request, call) {
    // The Trade Desk reports "no bid" as an empty answer rather than no answer.
    if (call.response.status === 204) return { value: { currency: 'USD', bids: [] }, errors: [] };
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = mediaTypeOfMtype(bid.mtype);
      // A bid of unknown type makes the whole answer unusable, as upstream treats it.
      if (!type) return { value: null, errors: [serverError(`unsupported mtype: ${bid.mtype ?? 0}`)] };
      bids.push({ bid: withAuctionPrice(bid, ['adm', 'nurl', 'burl']), type });
    }
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};
