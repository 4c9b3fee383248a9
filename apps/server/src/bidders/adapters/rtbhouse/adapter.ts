// RTB House: one call with every imp (see imp.ts), `cur` set to USD; bids are typed by `mtype`
// (banner or native only), their price macros resolved, native markup unwrapped from `{"native":…}`.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { allBids } from '../../helpers/bid-response.js';
import { withAuctionPrice } from '../../helpers/auction-price.js';
import { rawJsonMember } from '../../helpers/raw-json-member.js';
import { parseJson } from '../../helpers/parse-json.js';
import { buildImp, paramsOf, withPublisherId } from './imp.js';
import { withProps } from '@gavel/common';

const TYPE_BY_MTYPE: Readonly<Record<number, MediaType>> = { 1: 'banner', 4: 'native' };

function prepare(request: Readonly<BidRequest>, ctx: AdapterContext): BidRequest | BidderError {
  const imps: Imp[] = [];
  let publisherId = '';
  for (const imp of request.imp) {
    const params = paramsOf(imp);
    if (isBidderError(params)) return params;
    if (publisherId === '') publisherId = params.publisherId;
    // Upstream sets `cur` to USD once the first imp is done, so later params floors are in USD.
    const requestCur = imps.length === 0 ? request.cur?.[0] : 'USD';
    const built = buildImp(imp, { params, requestCur, ctx });
    if (isBidderError(built)) return built;
    imps.push(built);
  }
  const copy: BidRequest = withProps(request, { imp: imps, cur: imps.length > 0 ? ['USD'] : request.cur });
  return publisherId ? withPublisherId(copy, publisherId) : copy;
}

/** The native markup itself when the bidder wrapped it as `{"native": {...}}`. */
function nativeAdm(adm: string | undefined): string | BidderError {
  const text = adm ?? '';
  const parsed = parseJson<unknown>(text);
  const isObject =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  if (!isObject) return { code: ERROR_CODE.badServerResponse, message: 'unable to unmarshal native adm' };
  if (!('native' in (parsed.value as Record<string, unknown>))) return text;
  const inner = rawJsonMember(text, 'native');
  if (!inner?.startsWith('{'))
    return { code: ERROR_CODE.badServerResponse, message: 'unable to get native adm' };
  return inner;
}

function typedBid(found: Bid): TypedBid | BidderError {
  const type = TYPE_BY_MTYPE[found.mtype ?? 0];
  if (!type) {
    const message = `unrecognized bid type in response from rtbhouse for bid ${found.impid}`;
    return { code: ERROR_CODE.badServerResponse, message };
  }
  const bid = withAuctionPrice(found, ['nurl', 'adm']);
  if (type !== 'native') return { bid, type };
  const adm = nativeAdm(bid.adm);
  return isBidderError(adm) ? adm : { bid: withProps(bid, { adm }), type };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const prepared = prepare(request, ctx);
    if (isBidderError(prepared)) return { value: [], errors: [prepared] };
    const call = postJson(ctx.endpoint, prepared, { 'Content-Type': ['application/json;charset=utf-8'] });
    return { value: [call], errors: [] };
  },
  makeBids(_request, call) {
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(opened.response)) {
      const typed = typedBid(bid);
      if (isBidderError(typed)) errors.push(typed);
      else bids.push(typed);
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
