// Cache lifetime (contract "Limits", variant J order): first positive of bid.exp, imp.exp, the
// request's cache.{bids|vastxml}.ttlseconds, the account TTL, the host default — per media type.
import type { MediaType } from '../bidders/types.js';

export type TtlByType = Readonly<Partial<Record<MediaType, number>>>;

export interface TtlInputs {
  bidExp?: unknown;
  impExp?: unknown;
  requestTtl?: unknown;
  type: MediaType;
  account: TtlByType;
  host: TtlByType;
}

const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;

/** Seconds, or undefined (the put then carries no ttlseconds and the cache uses its maximum). */
export function resolveTtl(i: TtlInputs): number | undefined {
  return (
    positive(i.bidExp) ??
    positive(i.impExp) ??
    positive(i.requestTtl) ??
    positive(i.account[i.type]) ??
    positive(i.host[i.type])
  );
}
