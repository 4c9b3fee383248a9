// One auction's bid ids and events (G exchange.go HoldAuction: bid ids, then
// eventTracking.modifyBidsForEvents; both after floors and category mapping, before ranking,
// targeting and caching). Pure: the caller writes the results into its own bids.
import { withProps } from '@gavel/common';
import type { MediaType } from '../../bidders/types.js';
import { bidderAllowsVastModification } from '../vast-policy.js';
import { bidEvents, vastTrackerUrl, type BidEvents, type BidEventsInput } from './bid-events.js';
import { assignBidIds, type BidIdGenerator } from './bid-ids.js';
import type { AuctionEventsContext } from './switches.js';
import { injectVastTracker } from './vast.js';

export interface EventBidInput {
  /** Seat the bid is returned under: `bidder=` of its URLs, bid id counter key, VAST policy key. */
  seat: string;
  type: MediaType;
  bid: { id: string; adm?: string; nurl?: string };
  /** bid.ext.<ns>.bidid from the generator, when one was made. */
  generatedBidId?: string;
}

export interface EventBidOutput {
  /** The new adm (video, VAST changed); absent = leave adm as it is. */
  adm?: string;
  /** bid.ext.<ns>.events (events on and not video). */
  events?: BidEvents;
}

export interface DecorateBidOptions {
  /** The bidder's info allows VAST changes (`modifyingVastXmlAllowed`). */
  modifyingVastXmlAllowed: boolean;
}

function urlInput(ctx: AuctionEventsContext, b: EventBidInput): BidEventsInput {
  return {
    externalUrl: ctx.externalUrl,
    bidId: b.generatedBidId || b.bid.id,
    accountId: ctx.accountId,
    bidder: b.seat,
    timestamp: ctx.timestamp,
    integration: ctx.integration,
  };
}

/** G modifyBidVAST + makeBidExtEvents for one bid. */
export function decorateBid(
  ctx: AuctionEventsContext,
  b: EventBidInput,
  options: DecorateBidOptions,
): EventBidOutput {
  if (!ctx.enabled) return {};
  const urls = urlInput(ctx, b);
  if (b.type !== 'video') return { events: bidEvents(urls) };
  if (!options.modifyingVastXmlAllowed) return {};
  const adm = injectVastTracker(b.bid, vastTrackerUrl(urls));
  return adm === undefined ? {} : { adm };
}

/** `(seat) => allowed`: a known, enabled bidder whose info says modifyingVastXmlAllowed (G). */
export type VastPolicy = (seat: string) => boolean;

/** The policy over the bidder registry; seats it does not know (request aliases) are not allowed (G). */
export function registryVastPolicy(registry: Parameters<typeof bidderAllowsVastModification>[0]): VastPolicy {
  return (seat) => bidderAllowsVastModification(registry, seat, false);
}

export interface ApplyAuctionEventsInput {
  /** The service's ext namespace (`core` or `prebid`). */
  ns: string;
  context: AuctionEventsContext;
  bidIds: BidIdGenerator;
  vastPolicy: VastPolicy;
  /** The auction's bids in bidder-response order (seat by seat, each seat's bids as returned). */
  bids: readonly Omit<EventBidInput, 'generatedBidId'>[];
}

export interface AppliedBid extends EventBidOutput {
  /** bid.ext.<ns>.bidid. */
  generatedBidId?: string;
}

export interface ApplyAuctionEventsResult {
  /** Parallel to the input bids. */
  bids: AppliedBid[];
  /** For ext.errors.<ns>: `{999, "Error generating bid.ext.<ns>.bidid"}` per failed id. */
  errors: { code: number; message: string }[];
}

export function applyAuctionEvents(input: ApplyAuctionEventsInput): ApplyAuctionEventsResult {
  const ids = assignBidIds({ generator: input.bidIds, ns: input.ns, bids: input.bids });
  const allowed = new Map<string, boolean>();
  const policy = (seat: string): boolean => {
    let v = allowed.get(seat);
    if (v === undefined) allowed.set(seat, (v = input.vastPolicy(seat)));
    return v;
  };
  const bids = input.bids.map((b, i): AppliedBid => {
    const generatedBidId = ids.ids[i];
    const withId: EventBidInput = generatedBidId !== undefined ? withProps(b, { generatedBidId }) : b;
    const out = decorateBid(input.context, withId, {
      modifyingVastXmlAllowed: input.context.enabled && policy(b.seat),
    });
    return generatedBidId !== undefined ? { generatedBidId, ...out } : out;
  });
  return { bids, errors: ids.errors };
}
