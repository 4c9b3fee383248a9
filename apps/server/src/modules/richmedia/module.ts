// prebid.richmedia-filter (upstream J extra/modules/pb-richmedia-filter, all-processed-bid-responses hook):
// drops every bid whose `adm` contains the MRAID script pattern, per bidder reporting the dropped imps
// and bid ids in the `reject-richmedia` analytics activity (seat-non-bid 350, invalid creative).
import { withProps } from '@gavel/common';
import { NON_BID_REASON } from '../../seatnonbid/reasons.js';
import type {
  AllProcessedBidResponsesPayload,
  AnalyticsTags,
  Hook,
  HookResult,
  Module,
  Mutation,
} from '../types.js';
import { parseRichMediaConfig, RichMediaConfigError } from './config.js';

type Result = HookResult<AllProcessedBidResponsesPayload>;
type AuctionBid = AllProcessedBidResponsesPayload['bids'][number];

export const RICHMEDIA_MODULE_CODE = 'prebid.richmedia-filter';
export const RICHMEDIA_HOOK = 'pb-richmedia-filter-all-processed-bid-responses-hook';
export const RICHMEDIA_ACTIVITY = 'reject-richmedia';
/** The seat-non-bid code of a dropped bid (J BidRejectionReason.RESPONSE_REJECTED_INVALID_CREATIVE). */
export const RICHMEDIA_REJECTION_CODE = NON_BID_REASON.responseRejectedInvalidCreative;

function bidKey(bid: AuctionBid): string {
  return `${bid.bidder}\u0000${bid.bid.impid}\u0000${bid.bid.id}`;
}

/** Drops the given bids (by bidder, imp id and bid id, so it survives earlier mutations). */
function dropBids(rejected: readonly AuctionBid[]): Mutation<AllProcessedBidResponsesPayload> {
  const keys = new Set(rejected.map(bidKey));
  return {
    type: 'update',
    key: ['bids'],
    apply: (p) => withProps(p, { bids: p.bids.filter((b) => !keys.has(bidKey(b))) }),
  };
}

/** The dropped bids grouped by bidder, in the order bidders first appear. */
function rejectedByBidder(bids: readonly AuctionBid[], pattern: string): Map<string, AuctionBid[]> {
  const byBidder = new Map<string, AuctionBid[]>();
  for (const bid of bids) {
    const adm = bid.bid.adm;
    if (typeof adm !== 'string' || !adm.includes(pattern)) continue;
    const list = byBidder.get(bid.bidder);
    if (list) list.push(bid);
    else byBidder.set(bid.bidder, [bid]);
  }
  return byBidder;
}

function analyticsTags(byBidder: ReadonlyMap<string, readonly AuctionBid[]>): AnalyticsTags {
  const results = [...byBidder].map(([bidder, bids]) => ({
    status: 'success-block' as const,
    values: { 'richmedia-format': 'mraid' },
    appliedto: { bidders: [bidder], impids: bids.map((b) => b.bid.impid), bidids: bids.map((b) => b.bid.id) },
  }));
  return { activities: [{ name: RICHMEDIA_ACTIVITY, status: 'success', results }] };
}

export const richMediaFilterHook: Hook<'all_processed_bid_responses'> = (payload, ctx): Result => {
  let cfg;
  try {
    cfg = parseRichMediaConfig(ctx.accountConfig);
  } catch (err) {
    if (err instanceof RichMediaConfigError) return { errors: [err.message] };
    throw err;
  }
  if (!cfg.filterMraid) return {};
  const byBidder = rejectedByBidder(payload.bids, cfg.mraidScriptPattern);
  if (byBidder.size === 0) return {};
  const rejected = [...byBidder.values()].flat();
  return { changeSet: [dropBids(rejected)], analyticsTags: analyticsTags(byBidder) };
};

export const richMediaModule: Module = {
  code: RICHMEDIA_MODULE_CODE,
  hooks: { all_processed_bid_responses: { [RICHMEDIA_HOOK]: richMediaFilterHook } },
};
