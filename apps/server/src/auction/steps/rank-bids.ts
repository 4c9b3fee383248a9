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
  type TargetingCode,
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

/** Bids grouped by imp, then seat (nested maps: no key string per bid). */
function groupByImpAndSeat(bids: readonly AuctionBid[]): AuctionBid[][] {
  const byImp = new Map<string, Map<string, AuctionBid[]>>();
  const groups: AuctionBid[][] = [];
  for (const b of bids) {
    let seats = byImp.get(b.bid.impid);
    if (!seats) byImp.set(b.bid.impid, (seats = new Map<string, AuctionBid[]>()));
    const list = seats.get(b.seat);
    if (list) list.push(b);
    else {
      const group = [b];
      seats.set(b.seat, group);
      groups.push(group);
    }
  }
  return groups;
}

/**
 * Per (imp, seat): ranked, cut to the account limit, each kept bid's targeting code (undefined: kept
 * without one). Bids absent from the map were cut.
 */
function applyMultibid(
  ctx: AuctionContext,
  bids: readonly AuctionBid[],
  preferDeals: boolean,
): Map<AuctionBid, TargetingCode | undefined> {
  const entries = multibidEntries(ctx);
  const coded = new Map<AuctionBid, TargetingCode | undefined>();
  for (const group of groupByImpAndSeat(bids)) {
    const ranked =
      group.length === 1
        ? [{ ab: group[0]! }]
        : rankBidderBids(
            group.map((ab) => ({ ab, price: ab.bid.price, dealId: ab.bid.dealid })),
            preferDeals,
          );
    const { kept } = limitBids(ranked, ctx.account.defaultBidLimit ?? 0);
    const seat = group[0]!.seat;
    const codes = targetingCodes({
      bidder: seat,
      count: kept.length,
      entry: entries?.get(seat.toLowerCase()),
    });
    for (let i = 0; i < kept.length; i++) coded.set(kept[i]!.ab, codes[i]);
  }
  return coded;
}

type RankFields = Pick<
  AuctionBid,
  'winner' | 'bidderTop' | 'targetingCode' | 'targetBidderCode' | 'priceBucket' | 'targeting'
>;

/** Whether targeting is on, and whether multibid gave the bid a targeting code. */
interface RankHow {
  targeted: boolean;
  coded: boolean;
}

/** The rank step's fields added to a bid that lacks some of them (one not made by auction-bid.ts). */
function addRankFields(b: AuctionBid, f: RankFields, how: RankHow): AuctionBid {
  const ranks = { winner: f.winner, bidderTop: f.bidderTop };
  const ranked: AuctionBid = how.coded
    ? withProps(b, { targetingCode: f.targetingCode, targetBidderCode: f.targetBidderCode }, ranks)
    : withProps(b, ranks);
  if (how.targeted) {
    ranked.priceBucket = f.priceBucket;
    ranked.targeting = undefined;
  }
  return ranked;
}

/**
 * The bid with the rank step's fields. A bid made by the bidder layer has every key (auction-bid.ts):
 * then a spread that replaces them, V8's fast clone; any other bid gets them added by withProps.
 */
function withRankFields(b: AuctionBid, f: RankFields, how: RankHow): AuctionBid {
  return 'winner' in b && 'targetingCode' in b && 'priceBucket' in b && 'targeting' in b
    ? {
        ...b,
        winner: f.winner,
        bidderTop: f.bidderTop,
        targetingCode: f.targetingCode,
        targetBidderCode: f.targetBidderCode,
        priceBucket: f.priceBucket,
        targeting: f.targeting,
      }
    : addRankFields(b, f, how);
}

export function rankBids(ctx: AuctionContext, bids: AuctionBid[]): RankBidsResult {
  const targeting = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  const preferDeals = targeting?.preferDeals ?? false;
  const coded = targeting ? applyMultibid(ctx, bids, preferDeals) : undefined;
  const limited = coded ? bids.filter((b) => coded.has(b)) : bids;
  const { winners, bidderTops } = rank(
    limited.map((b) => ({ bidder: b.seat, bid: b.bid })),
    preferDeals,
  );
  const out = limited.map((b, i) => {
    const code = coded?.get(b);
    const fields: RankFields = {
      winner: winners.has(i),
      bidderTop: bidderTops.has(i),
      targetingCode: code ? code.code : b.targetingCode,
      targetBidderCode: code ? code.targetBidderCode : b.targetBidderCode,
      priceBucket: targeting ? priceBucket(b.bid.price, granularityFor(targeting, b.type)) : b.priceBucket,
      // The key the targeting step fills, present so that its copy only replaces it (types.ts).
      targeting: targeting ? undefined : b.targeting,
    };
    return withRankFields(b, fields, { targeted: Boolean(targeting), coded: code !== undefined });
  });
  return { bids: out, errors: {} };
}
