// Bidders that take one call per imp, addressed by an id param appended to the endpoint path
// (`<endpoint><escaped id>`), and answer with bids typed by `mtype` alone (banner or video). Their
// status errors are all reported as bad input, as upstream does.
import type { Bid, BidRequest, Imp } from '../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, OutgoingRequest, Result, TypedBid } from '../types.js';
import { ERROR_CODE } from '../types.js';
import { withProps } from '@gavel/common';
import { readImpExt } from './imp-ext.js';
import { queryEscape } from './query-escape.js';
import { paramIgnoringCase } from './param-lookup.js';
import { statusMessage } from './response-status.js';
import { allBids, parseBidResponse } from './bid-response.js';
import { mediaTypeOfMtype } from './media-type.js';
import { bodyJson } from './shared-json.js';

export interface PathIdSpec {
  /** The param of `imp.ext.bidder` that names the path id (e.g. `cId`). */
  param: string;
  /** Trim surrounding white space off the id. */
  trim?: boolean;
}

function idOf(imp: Readonly<Imp>, spec: PathIdSpec): string | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) {
    return { code: ERROR_CODE.badInput, message: `extract ${spec.param}: ${read.error.message}` };
  }
  const raw = paramIgnoringCase(read.parts.bidder, spec.param);
  const id = typeof raw === 'string' ? raw : '';
  return spec.trim ? id.trim() : id;
}

function callFor(request: Readonly<BidRequest>, imp: Readonly<Imp>, uri: string): OutgoingRequest {
  const body: BidRequest = withProps(request, { imp: [imp] });
  return {
    method: 'POST',
    uri,
    body: bodyJson(body),
    headers: { 'Content-Type': ['application/json;charset=utf-8'] },
    impIds: [imp.id],
  };
}

/** `banner` for mtype 1, `video` for mtype 2, else the upstream-worded bad-input error. */
export function bannerOrVideoByMtype(bid: Bid): MediaType | BidderError {
  const type = mediaTypeOfMtype(bid.mtype);
  if (type === 'banner' || type === 'video') return type;
  return { code: ERROR_CODE.badInput, message: `Could not define bid type for imp: ${bid.impid}` };
}

export function createPathIdAdapter(spec: PathIdSpec): Adapter {
  return {
    makeRequests(request, ctx): Result<OutgoingRequest[]> {
      const value: OutgoingRequest[] = [];
      const errors: BidderError[] = [];
      for (const imp of request.imp) {
        const id = idOf(imp, spec);
        if (typeof id === 'string') value.push(callFor(request, imp, `${ctx.endpoint}${queryEscape(id)}`));
        else errors.push(id);
      }
      return { value, errors };
    },
    makeBids(_request, call) {
      const { status } = call.response;
      if (status === 204) return { value: null, errors: [] };
      if (status < 200 || status >= 300) {
        return { value: null, errors: [{ code: ERROR_CODE.badInput, message: statusMessage(status) }] };
      }
      const parsed = parseBidResponse(call);
      if (!parsed.ok) return { value: null, errors: [parsed.error] };
      const bids: TypedBid[] = [];
      const errors: BidderError[] = [];
      for (const { bid } of allBids(parsed.value)) {
        const type = bannerOrVideoByMtype(bid);
        if (typeof type === 'string') bids.push({ bid, type });
        else errors.push(type);
      }
      return { value: { currency: parsed.value.cur || undefined, bids }, errors };
    },
  };
}
