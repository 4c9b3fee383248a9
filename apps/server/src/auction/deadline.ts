// The auction's time budget (issue 4 "Fan-out"): effective tmax from the request, host default and
// maximum, and the monotonic instant by which bidder calls must be done (tmax minus a safety margin).
import type { Clock } from '@gavel/common';

export interface DeadlineSettings {
  /** Used when the request has no tmax (or 0). */
  defaultMs: number;
  /** Upper bound of any tmax. */
  maxMs: number;
  /** Kept back from the bidders for ranking, caching and answering. */
  marginMs: number;
  /** false → a request without tmax keeps none (bidders see no tmax); absent → true. */
  defaultToBidders?: boolean;
}

export interface AuctionDeadline {
  /** The tmax the auction runs under (echoed as ext.tmaxrequest). */
  tmaxMs: number;
  /** Monotonic ms (clock.monotonic()) by which bidder calls must be done. */
  bidderDeadline: number;
}

export function effectiveTmax(requestTmax: unknown, s: DeadlineSettings): number {
  const asked = typeof requestTmax === 'number' && requestTmax > 0 ? Math.floor(requestTmax) : s.defaultMs;
  return Math.min(asked, s.maxMs);
}

/**
 * `startMonotonic` is when the request arrived. The margin never takes more than half of a small
 * tmax, so a tight but valid tmax still gives bidders a chance.
 */
export function computeDeadline(
  requestTmax: unknown,
  startMonotonic: number,
  s: DeadlineSettings,
): AuctionDeadline {
  const tmaxMs = effectiveTmax(requestTmax, s);
  const budget = Math.max(tmaxMs - s.marginMs, Math.floor(tmaxMs / 2));
  return { tmaxMs, bidderDeadline: startMonotonic + budget };
}

/** Milliseconds left until `deadline` (never negative). */
export function remainingMs(clock: Clock, deadline: number): number {
  return Math.max(0, deadline - clock.monotonic());
}

/**
 * The request with its own tmax replaced by the effective one; a request without tmax (or 0) is
 * left as it is. A spread over a key the request has: V8's fast clone (@gavel/common objects.ts).
 */
export function withEffectiveTmax<R extends { tmax?: number }>(request: R, tmaxMs: number): R {
  return request.tmax ? { ...request, tmax: tmaxMs } : request;
}
