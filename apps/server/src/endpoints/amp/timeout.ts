// AMP timeout rule (contract "GET /openrtb2/amp" rule 4, "Limits"): the slot's timeoutMillis (query
// `timeout`) capped by the AMP default, minus the latency adjustment; else the stored tmax or the default.

export interface AmpTimeoutSettings {
  defaultMs: number;
  adjustmentMs: number;
  maxMs: number;
  /**
   * false → without a `timeout` parameter or a stored tmax the request keeps no tmax (the auction's
   * default deadline applies; config `auction.tmax-default-to-bidders`); absent → true.
   */
  fillDefault?: boolean;
}

export function ampTmax(
  timeoutParam: number | undefined,
  storedTmax: unknown,
  s: AmpTimeoutSettings,
): number | undefined {
  let tmax: number;
  if (timeoutParam !== undefined && timeoutParam > 0) {
    // Never 0: tmax 0 means "no limit" in OpenRTB, the opposite of a tiny budget.
    tmax = Math.max(1, Math.min(timeoutParam, s.defaultMs) - s.adjustmentMs);
  } else if (typeof storedTmax === 'number' && Number.isInteger(storedTmax) && storedTmax > 0) {
    tmax = storedTmax;
  } else {
    if (s.fillDefault === false) return undefined;
    tmax = s.defaultMs;
  }
  return Math.min(tmax, s.maxMs);
}
