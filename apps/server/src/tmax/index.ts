// Per-bidder tmax (upstream G exchange/tmax_adjustments.go, bidder.go getBidderTmax and
// hasShorterDurationThanTmax): each bidder is told the time it really has, and a bidder left with less
// than the host's minimum is not called. Pure; the pipeline step is auction/steps/bidder-tmax.ts.

export interface TmaxAdjustmentSettings {
  bidderResponseDurationMinMs: number;
  bidderNetworkLatencyBufferMs: number;
  pbsResponsePreparationDurationMs: number;
}

export interface TmaxAdjustmentsConfig {
  enabled: boolean;
  'bidder-response-duration-min-ms': number;
  'bidder-network-latency-buffer-ms': number;
  'pbs-response-preparation-duration-ms': number;
}

/**
 * The enforced settings, or undefined when adjustments are off: upstream enforces them only when
 * enabled, with a minimum, and with at least one of the two allowances.
 */
export function tmaxAdjustmentsFromConfig(c: TmaxAdjustmentsConfig): TmaxAdjustmentSettings | undefined {
  const min = c['bidder-response-duration-min-ms'];
  const network = c['bidder-network-latency-buffer-ms'];
  const prep = c['pbs-response-preparation-duration-ms'];
  if (!c.enabled || min === 0 || (network === 0 && prep === 0)) return undefined;
  return {
    bidderResponseDurationMinMs: min,
    bidderNetworkLatencyBufferMs: network,
    pbsResponsePreparationDurationMs: prep,
  };
}

export type BidderTmax = { call: true; tmaxMs: number } | { call: false };

/** What a bidder is told, from the milliseconds left until the bidder deadline. */
export function bidderTmax(s: TmaxAdjustmentSettings, remainingMs: number): BidderTmax {
  const tmaxMs =
    Math.floor(remainingMs) - s.bidderNetworkLatencyBufferMs - s.pbsResponsePreparationDurationMs;
  return tmaxMs < s.bidderResponseDurationMinMs ? { call: false } : { call: true, tmaxMs };
}

/** Upstream's error code and text for a bidder not called for lack of time. */
export const TMAX_TIMEOUT = { code: 12, message: 'exceeded tmax duration' } as const;
