// AMX adapter: one call for all imps to `<endpoint>?v=pbs1.3`; `tagId` becomes the publisher id,
// `adUnitId` the imp's tagid, floors go out in USD; bids are typed and seated from their ext.
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { withPublisherId } from '../../helpers/publisher-id.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { headerValue } from '../../helpers/header-value.js';
import { withProps } from '@gavel/common';

const paramOf = (imp: Readonly<Imp>, key: string): string => {
  const value = (imp.ext?.bidder as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
};

/** AMX marks video bids with `ext.startdelay` and native ones with creative type 10. */
function typeOf(ext: Record<string, unknown> | undefined): MediaType {
  if (typeof ext?.startdelay === 'number') return 'video';
  return ext?.ct === 10 ? 'native' : 'banner';
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    let publisherId = '';
    let floored = false;
    const { imps, errors } = mapImps(request, (imp): Imp | BidderError => {
      publisherId = paramOf(imp, 'tagId') || publisherId;
      const adUnitId = paramOf(imp, 'adUnitId');
      const converted = floorIn(imp, 'USD', ctx);
      if ('error' in converted) return converted.error;
      floored ||= (imp.bidfloor ?? 0) > 0;
      return adUnitId ? withProps(converted.imp, { tagid: adUnitId }) : converted.imp;
    });
    if (imps.length === 0) return { value: [], errors };
    let body = withProps(request, { imp: imps, ...(floored ? { cur: ['USD'] } : {}) });
    if (publisherId) body = withPublisherId(body, publisherId);
    const uri = new URL(ctx.endpoint);
    uri.searchParams.set('v', 'pbs1.3');
    return { value: [postJson(uri.toString(), body)], errors };
  },
  makeBids(_request, call) {
    const nbr = headerValue(call.response.headers, 'X-Nbr') ?? '';
    const opened = openBidResponse(call, {
      wording: {
        template: {
          badRequest: `Invalid Request: {status}. Error Code: ${nbr}`,
          other: `Unexpected response: {status}. Error Code: ${nbr}`,
        },
      },
    });
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = allBids(opened.response).map(({ bid }) => {
      const seat = typeof bid.ext?.bc === 'string' && bid.ext.bc ? bid.ext.bc : undefined;
      return { bid, type: typeOf(bid.ext), ...(seat ? { seat } : {}) };
    });
    return { value: { currency: opened.response.cur || 'USD', bids }, errors: [] };
  },
};
