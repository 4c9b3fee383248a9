// MinuteMedia: the whole request in one call, to the test endpoint for test requests, with the first
// imp's organization as `publisher_id`; bids are typed by `mtype` (banner or video only).
import type { BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';

const TEST_ENDPOINT = 'https://pbs.minutemedia-prebid.com/pbs-test';
const TYPE_BY_MTYPE: Readonly<Record<number, MediaType>> = { 1: 'banner', 2: 'video' };

/** The trimmed `org` param of the first imp, or why it cannot be read. */
function orgOf(request: Readonly<BidRequest>): string | BidderError {
  const fail = (message: string): BidderError => ({
    code: ERROR_CODE.badInput,
    message: `failed to extract org: ${message}`,
  });
  const first = request.imp[0];
  if (!first) return fail('no imps in bid request');
  const ext = asObject(first.ext);
  if (!ext.ok) return fail(`failed to unmarshal bidderExt: ${ext.error.message}`);
  const params = asObject(ext.value.bidder);
  if (!params.ok) return fail(`failed to unmarshal ImpExtMinuteMedia: ${params.error.message}`);
  const org = params.value.org;
  return typeof org === 'string' ? org.trim() : '';
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const org = orgOf(request);
    if (typeof org !== 'string') return { value: [], errors: [org] };
    const base = request.test === 1 ? TEST_ENDPOINT : ctx.endpoint;
    const call = postJson(`${base}?publisher_id=${queryEscape(org)}`, request, {
      'Content-Type': ['application/json;charset=utf-8'],
    });
    return { value: [call], errors: [] };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const type = TYPE_BY_MTYPE[bid.mtype ?? 0];
      if (type) bids.push({ bid, type });
      else
        errors.push({ code: ERROR_CODE.badServerResponse, message: `unsupported MType ${bid.mtype ?? 0}` });
    }
    return { value: { currency: opened.response.cur, bids }, errors };
  },
};
