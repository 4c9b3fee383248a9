// Step 9 (money path): winner per imp and each seat's ranked bids per imp (notes §10 "Winner
// selection", preferdeals), the `hb_pb` price bucket per bid (contract "Targeting object", exact
// decimal), and with targeting on the multibid rules (multibid/): the account's bid limit per seat
// and imp, and which ranked bids get targeting keys under which code.
import { readTargeting, granularityFor } from '../../targeting/targeting-config.js';
import { priceBucket } from '../../targeting/price-granularity.js';
import { rankBids as rank } from '../../targeting/select-winners.js';
import {
  limitBids,
  multiBidByBidder,
  rankBidderBids,
  targetingCodes,
  multiBidEntriesOf,
  type MultiBidEntry,
} from '../../multibid/index.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';
import { withProps } from '@gavel/common';

export interface RankBidsResult {
  bids: AuctionBid[];
  errors: Record<string, ResponseIssue[]>;
}

function multibidEntries(ctx: AuctionContext): ReadonlyMap<string, MultiBidEntry> | undefined {
  const raw = (ctx.request.ext?.[ctx.ns] as Record<string, unknown> | undefined)?.['multibid'];
  return raw === undefined ? undefined : multiBidByBidder(multiBidEntriesOf(raw));
}

/** Per (imp, seat): ranked, cut to the account limit, each kept bid given its targeting code. */
function applyMultibid(ctx: AuctionContext, bids: AuctionBid[], preferDeals: boolean): AuctionBid[] {
  const entries = multibidEntries(ctx);
  const groups = new Map<string, AuctionBid[]>();
  for (const b of bids) {
    const key = `${b.bid.impid}\u0000${b.seat}`;
    const list = groups.get(key);
    if (list) list.push(b);
    else groups.set(key, [b]);
  }
  const coded = new Map<AuctionBid, AuctionBid>();
  for (const group of groups.values()) {
    const ranked = rankBidderBids(
      group.map((ab) => ({ ab, price: ab.bid.price, dealId: ab.bid.dealid })),
      preferDeals,
    );
    const { kept } = limitBids(ranked, ctx.account.defaultBidLimit ?? 0);
    const seat = group[0]?.seat ?? '';
    const codes = targetingCodes({
      bidder: seat,
      count: kept.length,
      entry: entries?.get(seat.toLowerCase()),
    });
    kept.forEach(({ ab }, i) => {
      const code = codes[i];
      coded.set(
        ab,
        code ? withProps(ab, { targetingCode: code.code, targetBidderCode: code.targetBidderCode }) : ab,
      );
    });
  }
  return bids.flatMap((b) => {
    const next = coded.get(b);
    return next ? [next] : [];
  });
}

export function rankBids(ctx: AuctionContext, bids: AuctionBid[]): RankBidsResult {
  const targeting = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  const preferDeals = targeting?.preferDeals ?? false;
  const limited = targeting ? applyMultibid(ctx, bids, preferDeals) : bids;
  const { winners, bidderTops } = rank(
    limited.map((b) => ({ bidder: b.seat, bid: b.bid })),
    preferDeals,
  );
  const out = limited.map((b, i) => {
    const ranked: AuctionBid = withProps(b, { winner: winners.has(i), bidderTop: bidderTops.has(i) });
    if (targeting) ranked.priceBucket = priceBucket(b.bid.price, granularityFor(targeting, b.type));
    return ranked;
  });
  return { bids: out, errors: {} };
}
