// Smaato: requests shaped in request.ts; the answer's `X-Smt-Adtype` header gives each bid's type
// (image/rich media markup is wrapped to fire the click trackers of `ext.curls`, native markup is
// unwrapped), and `X-Smt-Expires` its time to live.
import type { Bid } from '../../../openrtb/types.js';
import type { Adapter, BidderError, IncomingResponse, MediaType, TypedBid } from '../../types.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { queryEscape } from '../../helpers/query-escape.js';
import { rawJsonMember } from '../../helpers/raw-json-member.js';
import { goJsonStringify } from '../../helpers/go-json-stringify.js';
import { headerValue } from '../../helpers/header-value.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { buildRequests } from './request.js';
import { withProps } from '@gavel/common';

const DEFAULT_TTL_SECONDS = 300;

function withClickTrackers(bid: Bid): string {
  const curls = (bid.ext as { curls?: unknown } | undefined)?.curls;
  if (!Array.isArray(curls) || curls.length === 0) return bid.adm ?? '';
  const clicks = curls
    .map(
      (c) =>
        `fetch(decodeURIComponent('${queryEscape(String(c))}'.replace(/\\+/g, ' ')), {cache: 'no-cache'});`,
    )
    .join('');
  return `<div style="cursor:pointer" onclick="${clicks}">${bid.adm ?? ''}</div>`;
}

function nativeMarkup(adm: string): string {
  const inner = rawJsonMember(adm, 'native');
  return inner === undefined ? adm : goJsonStringify(JSON.parse(inner));
}

/** The bid's markup and type for Smaato's ad type header, or the error for an unknown one. */
function typed(bid: Bid, adType: string): { adm: string; type: MediaType } | BidderError {
  switch (adType) {
    case 'Img':
    case 'Richmedia':
      return { adm: withClickTrackers(bid), type: 'banner' };
    case 'Video':
      return { adm: bid.adm ?? '', type: 'video' };
    case 'Native':
      return { adm: nativeMarkup(bid.adm ?? ''), type: 'native' };
    default:
      return { code: 3, message: `Unknown markup type ${adType}.` };
  }
}

function ttlSeconds(response: IncomingResponse, now: number | undefined): number {
  const expires = Number(headerValue(response.headers, 'X-Smt-Expires'));
  if (!expires || now === undefined) return DEFAULT_TTL_SECONDS;
  return Math.max(Math.floor((expires - now) / 1000), 0);
}

export const adapter: Adapter = {
  makeRequests: (request, ctx) => buildRequests(request, ctx.endpoint),
  makeBids(_request, call, ctx) {
    const stop = stopOnStatus(call.response, { period: true });
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const adType = headerValue(call.response.headers, 'X-Smt-Adtype') ?? '';
    const exp = ttlSeconds(call.response, ctx.now?.());
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const result = typed(bid, adType);
      if (isBidderError(result)) errors.push(result);
      else bids.push({ bid: withProps(bid, { adm: result.adm, exp }), type: result.type });
    }
    return { value: { currency: parsed.value.cur, bids }, errors };
  },
};
