// Rubicon bid reading: every bid gets its seat (and the seatbid's numeric buyer as network id) in
// ext.prebid.meta, native markup arrives as an object in `adm_native` (buyer and adm_native are outside
// OpenRTB, so they are read from the raw response), and 0-price bids are no bids.
import type { Bid, BidResponse } from '../../../openrtb/types.js';
import type { MediaType, TypedBid } from '../../types.js';
import { copyForWrite, withProps } from '@gavel/common';

type Prebid = { meta?: Record<string, unknown> } & Record<string, unknown>;

function withMeta(bid: Readonly<Bid>, seat: string | undefined, buyer: number): Bid {
  if (!seat && buyer <= 0) return copyForWrite(bid);
  const prebid = (bid.ext?.prebid ?? {}) as Prebid;
  const meta = withProps(prebid.meta, buyer > 0 ? { networkId: buyer } : {}, seat ? { seat } : {});
  return withProps(bid, { ext: withProps(bid.ext, { prebid: withProps(prebid, { meta }) }) });
}

type RawResponse = { seatbid?: { buyer?: unknown; bid?: { adm_native?: unknown }[] }[] };

export interface ReadOptions {
  type: MediaType;
  /** The debug price that replaces a bid's price (0: none). */
  cpmOverride: (impid: string) => number;
}

export function readBids(
  response: Readonly<BidResponse>,
  raw: RawResponse,
  options: ReadOptions,
): TypedBid[] {
  const bids: TypedBid[] = [];
  const { type } = options;
  for (const [s, seatbid] of (response.seatbid ?? []).entries()) {
    const rawBuyer = raw.seatbid?.[s]?.buyer;
    const buyer = typeof rawBuyer === 'string' ? Number.parseInt(rawBuyer, 10) || 0 : 0;
    for (const [b, original] of (seatbid.bid ?? []).entries()) {
      const bid = withMeta(original, seatbid.seat, buyer);
      const override = options.cpmOverride(bid.impid);
      if (override > 0) bid.price = override;
      if (!bid.price) continue;
      // XAPI answers one bid per call; a bid id of "0" stands for the response's bid id.
      if (bid.id === '0' && response.bidid) bid.id = response.bidid;
      const admNative = raw.seatbid?.[s]?.bid?.[b]?.adm_native;
      if (!bid.adm && admNative !== undefined) bid.adm = JSON.stringify(admNative);
      bids.push({ bid, type });
    }
  }
  return bids;
}
