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

/** The key names of one (prefix, seat, length limit), by suffix index (SUFFIXES' order). */
interface KeyNames {
  winner: readonly string[];
  bidder: readonly string[];
  /**
   * No two names are the same and none is a property of a plain object (`constructor`, `__proto__`
   * after truncation): every key can then be set without asking whether it is already there.
   */
  distinct: boolean;
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

function makeNames(prefix: string, seat: string, max: number): KeyNames {
  const winner = SUFFIXES.map((suffix) => truncateKey(`${prefix}${suffix}`, max));
  const bidder = SUFFIXES.map((suffix) => truncateKey(`${prefix}${suffix}_${seat}`, max));
  const all = [...winner, ...bidder];
  const plain: object = {};
  const distinct = new Set(all).size === all.length && all.every((k) => !(k in plain));
  return { winner, bidder, distinct };
}

function namesOf(prefix: string, seat: string, max: number): KeyNames {
  const scope = `${prefix}\u0000${max}`;
  let bySeat = keyNames.get(scope);
  if (bySeat === undefined) keyNames.set(scope, (bySeat = new Map<string, KeyNames>()));
  let names = bySeat.get(seat);
  if (names === undefined) {
    if (bySeat.size >= MAX_NAMED_SEATS) bySeat.clear();
    names = makeNames(prefix, seat, max);
    bySeat.set(seat, names);
  }
  return names;
}

/**
 * The values of one bid's keys by suffix index (undefined = no such key), without a pair array per
 * key. One scratch array, filled and read within one synchronous buildKeys.
 */
const scratch: (string | undefined)[] = new Array<string | undefined>(SUFFIXES.length);

function fillValues(b: KeyedBid, o: KeyOptions): (string | undefined)[] {
  const v = scratch;
  v[0] = b.priceBucket;
  v[1] = b.seat;
  v[2] = b.bid.w && b.bid.h ? `${b.bid.w}x${b.bid.h}` : undefined;
  v[3] = b.bid.dealid ? b.bid.dealid : undefined;
  v[4] = o.includeFormat ? b.type : undefined;
  v[5] = o.env ? o.env : undefined;
  v[6] = b.categoryDuration;
  const c = o.cache;
  const cached = c !== undefined && (c.bidsId !== undefined || c.vastId !== undefined || c.always === true);
  v[7] = cached ? c.bidsId : undefined;
  v[8] = cached ? c.vastId : undefined;
  v[9] = cached && c.host !== '' ? c.host : undefined;
  v[10] = cached && c.path !== '' ? c.path : undefined;
  return v;
}

function putKeys(
  keys: Record<string, string>,
  names: readonly string[],
  values: readonly (string | undefined)[],
  distinct: boolean,
): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === undefined) continue;
    const k = names[i]!;
    if (distinct || !(k in keys)) keys[k] = v;
  }
}

/**
 * The targeting map of one bid. On a collision after truncation the first key wins (J), so a
 * long bidder name can never overwrite a winner key. Key names come from `namesOf` (no string
 * building per bid); the values are read once into a scratch array (no pair per key).
 */
export function buildKeys(b: KeyedBid, o: KeyOptions): Record<string, string> {
  const keys: Record<string, string> = {};
  const names = namesOf(o.prefix, b.seat, o.maxKeyLength ?? MAX_KEY_LENGTH);
  const values = fillValues(b, o);
  if (o.asWinner) putKeys(keys, names.winner, values, names.distinct);
  // The suffix is the seat (upstream): an alternate seat's bids get keys of their own.
  if (o.asBidder) putKeys(keys, names.bidder, values, names.distinct);
  return keys;
}
