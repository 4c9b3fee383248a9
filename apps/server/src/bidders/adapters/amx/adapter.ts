// AMX adapter: one call for all imps to `<endpoint>?v=pbs1.3`; `tagId` becomes the publisher id,
// `adUnitId` the imp's tagid, floors go out in USD; bids are typed and seated from their ext.
import type { Bid, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { withPublisherId } from '../../helpers/publisher-id.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { headerValue } from '../../helpers/header-value.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
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

const HEADERS = { 'Content-Type': ['application/json;charset=utf-8'] };

/** The ext fields AMX reads, each with the JSON type it must have. */
const EXT_TYPES: Readonly<Record<string, string>> = {
  startdelay: 'number',
  ct: 'number',
  ds: 'string',
  bc: 'string',
};

/** A bid typed, seated (`ext.bc`) and given its meta; a mistyped ext drops it. */
function typedBid(bid: Bid): TypedBid | BidderError {
  const ext = bid.ext ?? {};
  for (const [key, type] of Object.entries(EXT_TYPES)) {
    const value = ext[key];
    if (value !== undefined && value !== null && typeof value !== type)
      return { code: 3, message: `cannot unmarshal amx.amxBidExt.${key}: wrong type ${typeof value}` };
  }
  const meta = { advertiserDomains: bid.adomain, demandSource: typeof ext.ds === 'string' ? ext.ds : '' };
  const seat = typeof ext.bc === 'string' && ext.bc ? { seat: ext.bc } : {};
  return withProps({ bid, type: typeOf(ext), meta }, seat);
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    let publisherId = '';
    let floored = false;
    const { imps, errors } = mapImps(request, (imp): Imp | BidderError => {
      // A floor already in USD (in any letter case) is left as it is.
      const usd = (imp.bidfloorcur ?? '').toUpperCase() === 'USD';
      const converted = usd ? { imp } : floorIn(imp, 'USD', ctx);
      if ('error' in converted) return converted.error;
      publisherId = paramOf(imp, 'tagId') || publisherId;
      const adUnitId = paramOf(imp, 'adUnitId');
      floored ||= (converted.imp.bidfloor ?? 0) > 0;
      return adUnitId ? withProps(converted.imp, { tagid: adUnitId }) : converted.imp;
    });
    if (imps.length === 0) return { value: [], errors };
    let body = withProps(request, { imp: imps, ...(floored ? { cur: ['USD'] } : {}) });
    if (publisherId) body = withPublisherId(body, publisherId);
    const uri = new URL(ctx.endpoint);
    uri.searchParams.append('v', 'pbs1.3');
    uri.searchParams.sort();
    return { value: [postJson(uri.toString(), body, HEADERS)], errors };
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
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const typed = typedBid(bid);
      if (isBidderError(typed)) errors.push(typed);
      else bids.push(typed);
    }
    return { value: { currency: opened.response.cur || 'USD', bids }, errors };
  },
};
