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

/** The suffixes of every key (`hb_pb`, `hb_pb_appnexus`, ...). */
type Suffix = (typeof SUFFIXES)[number];

/** Key/value pairs by suffix (`_pb`, `_bidder`, ...) before the winner/bidder variants are made. */
export function valuesOf(b: KeyedBid, o: KeyOptions): [Suffix, string][] {
  const out: [Suffix, string][] = [
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

/** The key names of one (prefix, seat, length limit): suffix → winner key, suffix → bidder key. */
interface KeyNames {
  winner: Record<Suffix, string>;
  bidder: Record<Suffix, string>;
}

const SUFFIXES = [
  '_pb',
  '_bidder',
  '_size',
  '_deal',
  '_format',
  '_env',
  '_pb_cat_dur',
  '_cache_id',
  '_uuid',
  '_cache_host',
  '_cache_path',
] as const;

/** Seats are bidder names and the alternate codes bidders answer with: bounded by a sweep. */
const MAX_NAMED_SEATS = 1000;

/** (prefix, limit) → seat → names: the same key strings for every auction, built once. */
const keyNames = new Map<string, Map<string, KeyNames>>();

function namesOf(prefix: string, seat: string, max: number): KeyNames {
  const scope = `${prefix}\u0000${max}`;
  let bySeat = keyNames.get(scope);
  if (bySeat === undefined) keyNames.set(scope, (bySeat = new Map<string, KeyNames>()));
  let names = bySeat.get(seat);
  if (names === undefined) {
    if (bySeat.size >= MAX_NAMED_SEATS) bySeat.clear();
    const winner = {} as Record<Suffix, string>;
    const bidder = {} as Record<Suffix, string>;
    for (const suffix of SUFFIXES) {
      winner[suffix] = truncateKey(`${prefix}${suffix}`, max);
      bidder[suffix] = truncateKey(`${prefix}${suffix}_${seat}`, max);
    }
    names = { winner, bidder };
    bySeat.set(seat, names);
  }
  return names;
}

/**
 * The targeting map of one bid. On a collision after truncation the first key wins (J), so a
 * long bidder name can never overwrite a winner key. Key names come from `namesOf` (no string
 * building per bid).
 */
export function buildKeys(b: KeyedBid, o: KeyOptions): Record<string, string> {
  const keys: Record<string, string> = {};
  const names = namesOf(o.prefix, b.seat, o.maxKeyLength ?? MAX_KEY_LENGTH);
  const pairs = valuesOf(b, o);
  if (o.asWinner)
    for (const [s, v] of pairs) {
      const k = names.winner[s];
      if (!(k in keys)) keys[k] = v;
    }
  // The suffix is the seat (upstream): an alternate seat's bids get keys of their own.
  if (o.asBidder)
    for (const [s, v] of pairs) {
      const k = names.bidder[s];
      if (!(k in keys)) keys[k] = v;
    }
  return keys;
}
