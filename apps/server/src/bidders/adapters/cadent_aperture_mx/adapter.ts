// Cadent Aperture MX adapter: one call with every imp (any rejected imp fails the whole request), the
// device facts and page as headers, and the timeout and time stamp in the query. Bids answer on the imp
// whose id is the bid's own id; markup that is VAST makes a video bid, anything else a banner.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, Adapter, BidderError, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { addDeviceHeaders } from '../../helpers/device-headers.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { bidResponseDecodeError } from '../../helpers/bid-response-decode.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { mapImp, secureOf } from './imp.js';
import { withProps } from '@gavel/common';

function uriOf(request: Readonly<BidRequest>, ctx: AdapterContext): string {
  // Upstream's test mode pins the query (fixed timeout and stamp, no source tag).
  if (ctx.testing) return `${ctx.endpoint}?t=1000&ts=2060541160`;
  const seconds = Math.floor((ctx.now?.() ?? Date.now()) / 1000);
  return `${ctx.endpoint}?t=${request.tmax || 1000}&ts=${seconds}&src=pbserver`;
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
  };
  addDeviceHeaders(headers, request);
  if (request.site?.page) headers['Referer'] = [request.site.page];
  return headers;
}

const serverError = (message: string): BidderError => ({ code: ERROR_CODE.badServerResponse, message });

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    if (request.imp.length === 0) {
      return { value: [], errors: [{ code: ERROR_CODE.badInput, message: 'No Imps in Bid Request' }] };
    }
    const secure = secureOf(request);
    const imps: Imp[] = [];
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const mapped = mapImp(imp, secure);
      if (isBidderError(mapped)) errors.push(mapped);
      else imps.push(mapped);
    }
    if (errors.length > 0) {
      const summary = `Error in preprocess of Imp, err: [${errors.map((e) => e.message).join(' ')}]`;
      return { value: [], errors: [...errors, { code: ERROR_CODE.badInput, message: summary }] };
    }
    const body = withProps(request, { imp: imps });
    return { value: [postJson(uriOf(request, ctx), body, headersOf(request))], errors: [] };
  },
  makeBids(_request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      return {
        value: null,
        errors: [serverError(`Invalid Status Returned: ${status}. Run with request.debug = 1 for more info`)],
      };
    }
    const parsed = parseBidResponse(call);
    const failure = bidResponseDecodeError(call.response.body) ?? (parsed.ok ? undefined : parsed.error);
    if (failure || !parsed.ok) {
      const message = `Unable to unpackage bid response. Error: ${failure?.message ?? ''}`;
      return { value: null, errors: [serverError(message)] };
    }
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid }) => {
      const adm = (bid.adm ?? '').toLowerCase();
      const type = adm.includes('<?xml') || adm.includes('<vast') ? 'video' : 'banner';
      return { bid: withProps(bid, { impid: bid.id }), type };
    });
    return { value: { bids }, errors: [] };
  },
};
