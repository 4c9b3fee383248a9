// Targeting keys of one bid (contract "Targeting keys", "Caching" rules 3–4, "Limits"; notes §10):
// winner keys `hb_*`, bidder keys `hb_*_{bidder}`, deal/format/env/cache keys, each cut to 20 chars.
import type { MediaType } from '../bidders/types.js';

export const MAX_KEY_LENGTH = 20;

export interface KeyedBid {
  /** Bidder or alias name: the key suffix. */
  bidder: string;
  /** The targeting code (the seat, or a multibid `<prefix><n>`): hb_bidder value and bidder-key suffix. */
  seat: string;
  type: MediaType;
  bid: { w?: number; h?: number; dealid?: string };
  priceBucket: string;
  /** `hb_pb_cat_dur` (category mapping); absent → no such key. */
  categoryDuration?: string;
}

export interface KeyOptions {
  prefix: string;
  /** This bid is its imp's overall winner and includewinners is on. */
  asWinner: boolean;
  /** includebidderkeys is on and this is the bidder's top bid, or an alwaysincludedeals deal bid. */
  asBidder: boolean;
  includeFormat: boolean;
  /** `mobile-app` / `amp` when applicable. */
  env?: string;
  /**
   * Ids returned by the cache for this bid, with the public host/path. Host and path are written
   * when an id exists, or always when `always` (upstream Go; docs/decisions.md "hb_cache_host").
   */
  cache?: { bidsId?: string; vastId?: string; host: string; path: string; always?: boolean };
  /** Keys are cut to this length (account `truncate_target_attr`); absent → 20. */
  maxKeyLength?: number;
}

/** Cuts a key to the limit (`hb_cache_host_appnexus` → `hb_cache_host_appnex`). */
export function truncateKey(key: string, max = MAX_KEY_LENGTH): string {
  return key.length > max ? key.slice(0, max) : key;
}

/** Key/value pairs by suffix (`_pb`, `_bidder`, ...) before the winner/bidder variants are made. */
function valuesOf(b: KeyedBid, o: KeyOptions): [string, string][] {
  const out: [string, string][] = [
    ['_pb', b.priceBucket],
    ['_bidder', b.seat],
  ];
  if (b.bid.w && b.bid.h) out.push(['_size', `${b.bid.w}x${b.bid.h}`]);
  if (b.bid.dealid) out.push(['_deal', b.bid.dealid]);
  if (o.includeFormat) out.push(['_format', b.type]);
  if (o.env) out.push(['_env', o.env]);
  if (b.categoryDuration !== undefined) out.push(['_pb_cat_dur', b.categoryDuration]);
  const c = o.cache;
  if (c && (c.bidsId !== undefined || c.vastId !== undefined || c.always === true)) {
    if (c.bidsId !== undefined) out.push(['_cache_id', c.bidsId]);
    if (c.vastId !== undefined) out.push(['_uuid', c.vastId]);
    if (c.host !== '') out.push(['_cache_host', c.host]);
    if (c.path !== '') out.push(['_cache_path', c.path]);
  }
  return out;
}

/**
 * The targeting map of one bid. On a collision after truncation the first key wins (J), so a
 * long bidder name can never overwrite a winner key.
 */
export function buildKeys(b: KeyedBid, o: KeyOptions): Record<string, string> {
  const keys: Record<string, string> = {};
  const put = (k: string, v: string) => {
    const t = truncateKey(k, o.maxKeyLength);
    if (!(t in keys)) keys[t] = v;
  };
  const pairs = valuesOf(b, o);
  if (o.asWinner) for (const [s, v] of pairs) put(`${o.prefix}${s}`, v);
  // The suffix is the seat (upstream): an alternate seat's bids get keys of their own.
  if (o.asBidder) for (const [s, v] of pairs) put(`${o.prefix}${s}_${b.seat}`, v);
  return keys;
}
