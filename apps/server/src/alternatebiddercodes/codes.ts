// Alternate bidder codes (G openrtb_ext/alternatebiddercodes.go, exchange/utils.go,
// exchange/bidder.go): which seats other than its own name a bidder may bid under. The request's
// `ext.{ns}.alternatebiddercodes` wins over the account's `alternatebiddercodes` as a whole.

/** One bidder's entry (G ExtAdapterAlternateBidderCodes). */
export interface AdapterAlternateCodes {
  enabled: boolean;
  /** undefined (absent / null) = any seat; `["*"]` = any seat; `[]` = none. */
  allowedBidderCodes?: string[];
}

/** The settings (G ExtAlternateBidderCodes); `bidders` keeps the order and spelling of its keys. */
export interface AlternateBidderCodes {
  enabled: boolean;
  /** undefined = the `bidders` key was absent or null. */
  bidders?: ReadonlyMap<string, AdapterAlternateCodes>;
}

/** G errortypes.AlternateBidderCodeWarningCode. */
export const ALTERNATE_BIDDER_CODE_WARNING = 10005;

export type SeatCheck = { ok: true } | { ok: false; warning: { code: number; message: string } };

/** Go strings.EqualFold, close enough for bidder codes. */
export function equalFold(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase() || a.toUpperCase() === b.toUpperCase();
}

/** G IsBidderInAlternateBidderCodes: exact key first, then case-insensitive. */
export function adapterEntry(
  settings: AlternateBidderCodes | undefined,
  bidder: string,
): { name: string; entry: AdapterAlternateCodes } | undefined {
  const bidders = settings?.bidders;
  if (bidder === '' || !bidders || bidders.size === 0) return undefined;
  const exact = bidders.get(bidder);
  if (exact) return { name: bidder, entry: exact };
  for (const [name, entry] of bidders) if (equalFold(name, bidder)) return { name, entry };
  return undefined;
}

const warn = (message: string): SeatCheck => ({
  ok: false,
  warning: { code: ALTERNATE_BIDDER_CODE_WARNING, message },
});
const disabled = (bidder: string, seat: string) =>
  warn(
    `alternateBidderCodes disabled for ${JSON.stringify(bidder)}, rejecting bids for ${JSON.stringify(seat)}`,
  );
const notDefined = (bidder: string, seat: string) =>
  warn(
    `alternateBidderCodes not defined for adapter ${JSON.stringify(bidder)}, rejecting bids for ${JSON.stringify(seat)}`,
  );

/**
 * G IsValidBidderCode: may `bidder` (the name of the request: bidder code or alias) bid under `seat`?
 * A bid that fails is dropped and the warning goes to `ext.warnings.{bidder}` (no seat-non-bid).
 * `settings` undefined = neither request nor account configured it (disabled).
 */
export function isAllowedSeat(
  settings: AlternateBidderCodes | undefined,
  bidder: string,
  seat: string | undefined,
): SeatCheck {
  if (seat === undefined || seat === '' || equalFold(bidder, seat)) return { ok: true };
  if (!settings?.enabled) return disabled(bidder, seat);
  if (!settings.bidders) return notDefined(bidder, seat);
  const found = adapterEntry(settings, bidder);
  if (!found) return notDefined(bidder, seat);
  if (!found.entry.enabled) return disabled(bidder, seat);
  const allowed = found.entry.allowedBidderCodes;
  if (allowed === undefined || (allowed.length === 1 && allowed[0] === '*')) return { ok: true };
  if (allowed.includes(seat)) return { ok: true };
  return warn(`invalid biddercode ${JSON.stringify(seat)} sent by adapter ${JSON.stringify(bidder)}`);
}

/**
 * G isBidderInExtAlternateBidderCodes (multibid filtering per bidder request): does the bidder's
 * own entry (exact key) list `code` (lower-cased by the caller) or `*`?
 */
export function listsCodeForMultiBid(
  settings: AlternateBidderCodes | undefined,
  adapter: string,
  code: string,
): boolean {
  const entry = settings?.bidders?.get(adapter);
  return entry?.allowedBidderCodes?.some((c) => c === '*' || c === code) ?? false;
}
