// Bid typing rules several bidders share: the type a bid states in its ext, or the type of the imp it
// bids on, with the upstream-worded error when neither settles it.
import type { Bid, BidRequest } from '../../openrtb/types.js';
import type { BidderError, MediaType } from '../types.js';
import { mediaTypesOfImp } from './media-type.js';

const TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

/** `bid.ext[key]` (e.g. `mediaType`) when it names a media type. */
export function typeFromBidExt(bid: Bid, key: string): MediaType | undefined {
  const value = bid.ext?.[key];
  return TYPES.find((t) => t === value);
}

/**
 * The first of `order` offered by the imp the bid is for; `missing(impid)` words the error when the
 * imp is unknown or offers none of them (code 2 unless given).
 */
export function typeFromImp(
  bid: Bid,
  request: Readonly<BidRequest>,
  order: readonly MediaType[],
  missing: (impid: string) => string,
  code: BidderError['code'] = 2,
): MediaType | BidderError {
  const imp = request.imp.find((i) => i.id === bid.impid);
  const offered = imp ? mediaTypesOfImp(imp) : [];
  return order.find((t) => offered.includes(t)) ?? { code, message: missing(bid.impid) };
}
