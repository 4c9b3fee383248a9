// Bid typing from the bid's own `ext.prebid.type` (the upstream bid ext shape), with the upstream-worded
// errors bidders report when the ext is missing or names an unknown type.
import type { Bid } from '../../openrtb/types.js';
import type { BidderError, MediaType } from '../types.js';
import { bidTypeOfExt } from './prebid-bid-ext.js';

/**
 * `bid.ext.prebid.type` as a media type; `missing(impid)` words the error when `ext.prebid` is absent
 * and an unknown type fails with `invalid BidType: <type>`.
 */
export function strictExtBidType(
  bid: Bid,
  missing: (impid: string) => string,
  code: BidderError['code'] = 3,
): MediaType | BidderError {
  const prebid = bid.ext?.prebid as { type?: unknown } | undefined;
  if (prebid === undefined || prebid === null || typeof prebid !== 'object') {
    return { code, message: missing(bid.impid) };
  }
  const named = typeof prebid.type === 'string' ? prebid.type : JSON.stringify(prebid.type ?? '');
  return bidTypeOfExt(bid.ext) ?? { code: 2, message: `invalid BidType: ${named}` };
}
