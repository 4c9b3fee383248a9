// OpenWeb adapter: the whole request in one call, with the publisher (the first imp's `org`, trimmed,
// else its numeric `aid`) in the `publisher_id` query parameter. Every imp up to that one must name a
// placement. Bids are typed by mtype (banner or video only).
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, MediaType, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';

const ERROR_PREFIX = 'checkExtAndExtractOrg: ';

/** The publisher id the request is sent for, or why there is none. */
function publisherOf(request: Readonly<BidRequest>): string | BidderError {
  for (const imp of request.imp) {
    const read = readImpExt(imp);
    if ('error' in read) return inputError(`${ERROR_PREFIX}unmarshal bidderExt: ${read.error.message}`);
    const { placementId, org, aid } = read.parts.bidder;
    if (typeof placementId !== 'string' || placementId === '') {
      return inputError(`${ERROR_PREFIX}no placement id supplied`);
    }
    if (typeof org === 'string' && org !== '') return org.trim();
    if (typeof aid === 'number' && aid !== 0) return String(Math.trunc(aid));
  }
  return inputError(`${ERROR_PREFIX}no org or aid supplied`);
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const publisher = publisherOf(request);
  if (isBidderError(publisher)) return { value: [], errors: [publisher] };
  const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
  return { value: [postJson(`${ctx.endpoint}?publisher_id=${publisher}`, request, headers)], errors: [] };
}

function bidType(bid: Bid): MediaType | BidderError {
  if (bid.mtype === 1) return 'banner';
  if (bid.mtype === 2) return 'video';
  return serverError(`unsupported MType ${bid.mtype ?? 0}`);
}

export const adapter = createOrtbAdapter({ requests, bidType });
