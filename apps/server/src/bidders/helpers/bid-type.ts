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

/** How typeFromImp types a bid; adapters keep theirs in a module-level constant. */
export interface ImpTypeRule {
  /** The types tried, first offered by the bid's imp wins. */
  order: readonly MediaType[];
  /** Words the error when the imp is unknown or offers none of `order`. */
  missing: (impid: string) => string;
  /** The error's code (2 unless given). */
  code?: BidderError['code'];
}

/**
 * The first of `rule.order` offered by the imp the bid is for; `rule.missing(impid)` words the error
 * when the imp is unknown or offers none of them.
 */
export function typeFromImp(
  bid: Bid,
  request: Readonly<BidRequest>,
  rule: ImpTypeRule,
): MediaType | BidderError {
  const imp = request.imp.find((i) => i.id === bid.impid);
  const offered = imp ? mediaTypesOfImp(imp) : [];
  return (
    rule.order.find((t) => offered.includes(t)) ?? { code: rule.code ?? 2, message: rule.missing(bid.impid) }
  );
}
