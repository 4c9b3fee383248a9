// Resolving the `${AUCTION_PRICE}` macro in a bid's markup or notice URLs with the bid's own price, for
// bidders whose answers carry it unresolved (adapter contract: bids leave the adapter ready to serve).
import type { Bid } from '../../openrtb/types.js';
import { withProps } from '@gavel/common';

const MACRO = '${AUCTION_PRICE}';

/** The bid with `${AUCTION_PRICE}` in each of `fields` replaced by its price (a copy only when needed). */
export function withAuctionPrice(bid: Bid, fields: readonly ('adm' | 'nurl' | 'burl' | 'lurl')[]): Bid {
  let out = bid;
  for (const field of fields) {
    const text = bid[field];
    if (typeof text === 'string' && text.includes(MACRO)) {
      out = withProps(out, { [field]: text.replaceAll(MACRO, String(bid.price)) });
    }
  }
  return out;
}
