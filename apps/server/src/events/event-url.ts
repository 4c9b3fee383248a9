// Builds /event URLs (notes §5 "Event URLs placed in auction responses", §6 tracking URL): used by
// /vtrack's VAST impression tracker and by auction responses. Parameter order is fixed and every
// value is URL-encoded, so the same inputs always give the same URL.
import type { EventFormat, EventType } from './types.js';

export interface EventUrlInput {
  /** Public base URL of this server (`external-url`), with or without a trailing slash. */
  externalUrl: string;
  type: EventType;
  bidId: string;
  accountId: string;
  bidder: string;
  /** Omitted → /event answers 200 with an empty body. */
  format?: EventFormat;
  /** Auction timestamp in ms; left out unless > 0. */
  timestamp?: number;
  integration?: string;
  auctionId?: string;
  /** false → `x=0` (no analytics for this event). */
  analytics?: boolean;
}

export function buildEventUrl(i: EventUrlInput): string {
  // URLSearchParams: standard application/x-www-form-urlencoded escaping of ids and bidder codes.
  const q = new URLSearchParams({ t: i.type, b: i.bidId, a: i.accountId, bidder: i.bidder });
  if (i.auctionId) q.set('aid', i.auctionId);
  if (i.format !== undefined) q.set('f', i.format);
  if (i.integration) q.set('int', i.integration);
  if (i.timestamp !== undefined && i.timestamp > 0) q.set('ts', String(i.timestamp));
  if (i.analytics === false) q.set('x', '0');
  return `${i.externalUrl.replace(/\/+$/, '')}/event?${q.toString()}`;
}
