// The account's `default_bid_limit` (G config.Account.DefaultBidLimit, an int; absent = 0 = no limit).
export type ParsedBidLimit =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly error: string };

/** ok=false → malformed account (G fails to unmarshal a non-integer; a negative limit would panic G). */
export function parseDefaultBidLimit(raw: unknown): ParsedBidLimit {
  if (raw === undefined || raw === null) return { ok: true, value: 0 };
  if (!Number.isSafeInteger(raw) || (raw as number) < 0)
    return { ok: false, error: 'default_bid_limit must be a non-negative integer' };
  return { ok: true, value: raw as number };
}
