// The URLs of `bid.ext.<ns>.events` and the cached bid's `wurl` (G exchange/events.go
// makeBidExtEvents, makeEventURL, modifyBidJSON). Built with ../event-url.ts: t, b, a, bidder, then
// int and ts (no `f`, no `aid`), the same order as G's sorted optional parameters.
import { withProps } from '@gavel/common';
import { buildEventUrl, type EventUrlInput } from '../event-url.js';
import type { EventFormat, EventType } from '../types.js';

export interface BidEventsInput {
  /** Public base URL of this server (`external-url`). */
  externalUrl: string;
  /** `b=`: the generated bid id (bid.ext.<ns>.bidid) when there is one, else bid.id. */
  bidId: string;
  accountId: string;
  /** The seat the bid is returned under (G: the adapter-bids key). */
  bidder: string;
  /** Auction start in ms; `ts=` only when > 0. */
  timestamp?: number;
  /** `int=` unless empty. */
  integration?: string;
}

/** `bid.ext.<ns>.events`. */
export interface BidEvents {
  win: string;
  imp: string;
}

function urlOf(input: BidEventsInput, type: EventType, format?: EventFormat): string {
  const u: EventUrlInput = {
    externalUrl: input.externalUrl,
    type,
    bidId: input.bidId,
    accountId: input.accountId,
    bidder: input.bidder,
  };
  if (format !== undefined) u.format = format;
  if (input.timestamp !== undefined) u.timestamp = input.timestamp;
  if (input.integration) u.integration = input.integration;
  return buildEventUrl(u);
}

export function bidEvents(input: BidEventsInput): BidEvents {
  return { win: urlOf(input, 'win'), imp: urlOf(input, 'imp') };
}

/** The VAST impression tracker: the imp URL with `f=b` (G GetVastUrlTracking). */
export function vastTrackerUrl(input: BidEventsInput): string {
  return urlOf(input, 'imp', 'b');
}

/**
 * The bid object put in the cache (`ext.<ns>.cache.bids`) with G's `wurl` member added: only bids
 * that got `events` (events on, not video) carry one; the win URL is the one of their events.
 */
export function cachedBidWithWinUrl<T extends object>(bid: T, events: BidEvents | undefined): T {
  return events ? withProps(bid, { wurl: events.win }) : bid;
}
