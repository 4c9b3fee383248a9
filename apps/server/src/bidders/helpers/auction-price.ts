// Resolving the `${AUCTION_PRICE}` macro in a bid's markup or notice URLs with the bid's own price, for
// bidders whose answers carry it unresolved (adapter contract: bids leave the adapter ready to serve).
import type { Bid } from '../../openrtb/types.js';
import { withProps } from '@gavel/common';

const MACRO = '${AUCTION_PRICE}';

/**
 * A price as upstream adapters print it into the macro (Go `strconv.FormatFloat(p, 'f', -1, 64)`):
 * the shortest digits that read back as the same number, never in exponent form.
 */
export function formatAuctionPrice(price: number): string {
  const text = String(price);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  const plain =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/** `text` with every `${AUCTION_PRICE}` replaced by `price` (upstream formatting). */
export function resolveAuctionPrice(text: string, price: number): string {
  return text.includes(MACRO) ? text.replaceAll(MACRO, formatAuctionPrice(price)) : text;
}

/** The bid with `${AUCTION_PRICE}` in each of `fields` replaced by its price (a copy only when needed). */
export function withAuctionPrice(bid: Bid, fields: readonly ('adm' | 'nurl' | 'burl' | 'lurl')[]): Bid {
  let out = bid;
  for (const field of fields) {
    const text = bid[field];
    if (typeof text === 'string' && text.includes(MACRO)) {
      out = withProps(out, { [field]: resolveAuctionPrice(text, bid.price) });
    }
  }
  return out;
}
