// Event URLs, generated bid ids and the VAST impression tracker on the auction's bids (upstream
// exchange/events.go; events/auction/). Runs before ranking and caching, so cached VAST and cached
// bids carry the trackers.
import { withProps } from '@gavel/common';
import {
  applyAuctionEvents,
  auctionEventsContext,
  type BidIdGenerator,
  type VastPolicy,
} from '../../events/auction/index.js';
import type { AuctionBid, AuctionContext, ResponseIssue } from '../types.js';

/** The decorations added to a bid that lacks their keys (one not made by auction-bid.ts), as before. */
function withDecorations(
  b: AuctionBid,
  d: Pick<AuctionBid, 'bid' | 'events' | 'generatedBidId'>,
): AuctionBid {
  const next: AuctionBid = withProps(b, {});
  next.bid = d.bid;
  if (d.events !== undefined) next.events = d.events;
  if (d.generatedBidId !== undefined) next.generatedBidId = d.generatedBidId;
  return next;
}

export interface EventsServices {
  /** Public base URL of this server (`external-url`). */
  externalUrl: string;
  bidIds: BidIdGenerator;
  /** May the core change this seat's VAST (bidder info `modifyingVastXmlAllowed`). */
  vastPolicy: VastPolicy;
}

export function decorateEvents(
  ctx: AuctionContext,
  bids: AuctionBid[],
  svc: EventsServices | undefined,
): { bids: AuctionBid[]; errors: Record<string, ResponseIssue[]> } {
  if (!svc || bids.length === 0) return { bids, errors: {} };
  const context = auctionEventsContext({
    requestExt: ctx.request.ext?.[ctx.ns],
    account: {
      id: ctx.account.id,
      eventsEnabled: ctx.account.eventsEnabled,
      ...(ctx.account.defaultIntegration ? { defaultIntegration: ctx.account.defaultIntegration } : {}),
    },
    externalUrl: svc.externalUrl,
    startedAt: ctx.startedAt,
  });
  if (!context.enabled && !svc.bidIds.enabled) return { bids, errors: {} };
  const applied = applyAuctionEvents({
    ns: ctx.ns,
    context,
    bidIds: svc.bidIds,
    vastPolicy: svc.vastPolicy,
    bids: bids.map((b) => ({ seat: b.seat, type: b.type, bid: b.bid })),
  });
  const out = bids.map((b, i) => {
    const a = applied.bids[i];
    if (!a || (a.adm === undefined && a.events === undefined && a.generatedBidId === undefined)) return b;
    const bid = a.adm === undefined ? b.bid : withProps(b.bid, { adm: a.adm });
    const events = a.events ?? b.events;
    const generatedBidId = a.generatedBidId ?? b.generatedBidId;
    // A bidder-layer bid has both keys (auction-bid.ts): a spread that replaces them, V8's fast clone.
    return 'events' in b && 'generatedBidId' in b
      ? { ...b, bid, events, generatedBidId }
      : withDecorations(b, { bid, events, generatedBidId });
  });
  return { bids: out, errors: applied.errors.length ? { [ctx.ns]: applied.errors } : {} };
}
