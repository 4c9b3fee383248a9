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

/** The `native` member of the markup, re-encoded compactly ("null" when absent). */
function nativeMarkup(adm: string): string | BidderError {
  try {
    const parsed: unknown = JSON.parse(adm);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    const inner = rawJsonMember(adm, 'native');
    return inner === undefined ? 'null' : goJsonStringify(JSON.parse(inner));
  } catch {
    return { code: 3, message: `Invalid ad markup ${adm}.` };
  }
}

/** The bid's markup and type for Smaato's ad type header, or the error for an unknown one. */
function typed(bid: Bid, adType: string): { adm: string; type: MediaType } | BidderError {
  switch (adType) {
    case 'Img':
    case 'Richmedia':
      return { adm: withClickTrackers(bid), type: 'banner' };
    case 'Video':
      return { adm: bid.adm ?? '', type: 'video' };
    case 'Native': {
      const adm = nativeMarkup(bid.adm ?? '');
      return isBidderError(adm) ? adm : { adm, type: 'native' };
    }
    default:
      return { code: 3, message: `Unknown markup type ${adType}.` };
  }
}

/** Smaato's bid ext: an integer duration and string click trackers, when present. */
function validBidExt(ext: unknown): boolean {
  if (typeof ext !== 'object' || ext === null || Array.isArray(ext)) return false;
  const { duration, curls } = ext as { duration?: unknown; curls?: unknown };
  const durationOk = duration == null || (typeof duration === 'number' && Number.isInteger(duration));
  const curlsOk =
    curls == null || (Array.isArray(curls) && curls.every((c) => typeof c === 'string' || c === null));
  return durationOk && curlsOk;
}

function ttlSeconds(response: IncomingResponse, now: number | undefined): number {
  const header = headerValue(response.headers, 'X-Smt-Expires') ?? '';
  if (!/^[+-]?\d+$/.test(header) || now === undefined) return DEFAULT_TTL_SECONDS;
  return Math.max(Math.trunc((Number(header) - now) / 1000), 0);
}

export const adapter: Adapter = {
  makeRequests: (request, ctx) => buildRequests(request, ctx.endpoint),
  makeBids(_request, call, ctx) {
    const stop = stopOnStatus(call.response, { period: true });
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const adType = headerValue(call.response.headers, 'X-Smt-Adtype') ?? '';
    if (!adType) return { value: null, errors: [{ code: 3, message: 'X-Smt-Adtype header is missing.' }] };
    const exp = ttlSeconds(call.response, ctx.now?.());
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const ext: unknown = bid.ext;
      if (ext !== undefined && ext !== null && !validBidExt(ext)) {
        errors.push({ code: 3, message: 'Invalid bid.ext.' });
        continue;
      }
      const result = typed(bid, adType);
      if (isBidderError(result)) {
        errors.push(result);
        continue;
      }
      const out: TypedBid = { bid: withProps(bid, { adm: result.adm, exp }), type: result.type };
      if (result.type === 'video') {
        const duration = (ext as { duration?: number } | undefined)?.duration ?? 0;
        out.video = { duration, primary_category: bid.cat?.[0] ?? '' };
      }
      bids.push(out);
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
