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
    const next: AuctionBid = withProps(b, {});
    if (a.adm !== undefined) next.bid = withProps(b.bid, { adm: a.adm });
    if (a.events !== undefined) next.events = a.events;
    if (a.generatedBidId !== undefined) next.generatedBidId = a.generatedBidId;
    return next;
  });
  return { bids: out, errors: applied.errors.length ? { [ctx.ns]: applied.errors } : {} };
}
