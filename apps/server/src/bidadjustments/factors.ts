// The bid adjustment factors of one auction (contract "ext.<ns>.bidadjustmentfactors", the account's
// `bid-adjustment-factors`), one reader for the two steps that use them, each once per auction: the
// bids' prices (step 8b, adjust-bids) and the floors each bidder is sent (floors/bidder-floors). Bidder names are
// lower-cased (factors are case-insensitive); only positive numbers count (request validation
// rejects the rest with a 400 before this runs; an account's are dropped here, as before).

/** A media type's, the request's and the account's factors, by lower-cased bidder name. */
export interface AuctionFactors {
  byMediaType: ReadonlyMap<string, ReadonlyMap<string, number>>;
  byBidder: ReadonlyMap<string, number>;
  byAccount: ReadonlyMap<string, number>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function hasKeys(v: unknown): boolean {
  if (!isRecord(v)) return false;
  for (const k in v) if (Object.hasOwn(v, k)) return true;
  return false;
}

function lowerFactors(v: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (!isRecord(v)) return out;
  for (const k of Object.keys(v)) {
    const f = v[k];
    if (k !== 'mediatypes' && typeof f === 'number' && f > 0) out.set(k.toLowerCase(), f);
  }
  return out;
}

/**
 * The factors of the request's `bidadjustmentfactors` and of the account; undefined when neither
 * sets one (the usual auction: nothing is built).
 */
export function readAuctionFactors(
  requestFactors: unknown,
  accountFactors: unknown,
): AuctionFactors | undefined {
  if (!isRecord(requestFactors) && !hasKeys(accountFactors)) return undefined;
  const mediaTypes = isRecord(requestFactors) ? requestFactors['mediatypes'] : undefined;
  const byMediaType = new Map<string, Map<string, number>>();
  if (isRecord(mediaTypes))
    for (const type of Object.keys(mediaTypes)) byMediaType.set(type, lowerFactors(mediaTypes[type]));
  const byBidder = lowerFactors(requestFactors);
  const byAccount = lowerFactors(accountFactors);
  if (byMediaType.size === 0 && byBidder.size === 0 && byAccount.size === 0) return undefined;
  return { byMediaType, byBidder, byAccount };
}

/** The media type's factor over the request's over the account's; undefined: none is set for the bidder. */
export function factorOf(factors: AuctionFactors, mediaType: string, bidder: string): number | undefined {
  const byType = factors.byMediaType.size > 0 ? factors.byMediaType.get(mediaType)?.get(bidder) : undefined;
  return byType ?? factors.byBidder.get(bidder) ?? factors.byAccount.get(bidder);
}
