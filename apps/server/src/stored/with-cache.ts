// withCache decorator of the stored-data seam: a bounded LRU with TTL in front of a source
// (architecture "Seams"), plus a short-lived negative cache of `not-found` ids (docs/decisions.md).
import { LRUCache } from 'lru-cache';
import type { StoredKind, StoredSource } from './types.js';
import { notFound } from './types.js';
import { withProps } from '@gavel/common';

export interface CacheOptions {
  /** Entries over all kinds; 0 returns the source undecorated. Also bounds the negative cache. */
  maxEntries: number;
  ttlMs: number;
  /** How long a `not-found` verdict is remembered; 0 (the default) asks the source every time. */
  notFoundTtlMs?: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  size: number;
  /** Lookups answered `not-found` from the negative cache, and its current size. */
  negativeHits: number;
  negativeSize: number;
}

/**
 * An LRU bound of `entries` entries (one size unit each) with a TTL; see the comment in withCache.
 * lru-cache reads the clock once per `ttlResolution` ms and arms a timer each time it does (its
 * default, 1 ms, meant a timer per lookup under load): 1% of the TTL, at most a second, is late enough.
 */
const bounded = (entries: number, ttl: number) => ({
  maxSize: entries,
  sizeCalculation: () => 1,
  ttl,
  ttlResolution: Math.min(1000, Math.floor(ttl / 100)),
});

const key = (kind: StoredKind, id: string) => `${kind}\u0000${id}`;

/** Forgets `ids` of `kind` (all of the kind when undefined) in both caches. */
function dropEntries(
  cache: LRUCache<string, { value: unknown }>,
  absent: LRUCache<string, true> | undefined,
  kind: StoredKind,
  ids: readonly string[] | undefined,
): void {
  if (ids)
    for (const id of ids) {
      cache.delete(key(kind, id));
      absent?.delete(key(kind, id));
    }
  else {
    const prefix = `${kind}\u0000`;
    for (const k of [...cache.keys()]) if (k.startsWith(prefix)) cache.delete(k);
    if (absent) for (const k of [...absent.keys()]) if (k.startsWith(prefix)) absent.delete(k);
  }
}

/**
 * Cached documents are shared between requests: consumers must treat them as immutable (the merge
 * patch never mutates its inputs). Only `not-found` is cached negatively: `unavailable` may be a
 * transient outage and `invalid-json` must be reported with its detail each time.
 */
export function withCache(
  source: StoredSource,
  options: CacheOptions,
): StoredSource & { stats(): CacheStats } {
  let hits = 0;
  let misses = 0;
  let negativeHits = 0;
  if (options.maxEntries === 0)
    return withProps(source, { stats: () => ({ hits, misses, size: 0, negativeHits, negativeSize: 0 }) });
  // lru-cache: O(1) eviction and per-entry TTL (a Map-based evictor walks holes, see performance notes).
  // Bounded by `maxSize` at one unit per entry rather than `max`: `max` preallocates its slot arrays
  // (3.2 MB of heap for the two caches at the default 50,000, marked at every mark-compact).
  const cache = new LRUCache<string, { value: unknown }>(bounded(options.maxEntries, options.ttlMs));
  // A separate LRU so a flood of unknown ids (e.g. random account ids) cannot evict found documents.
  const notFoundTtlMs = options.notFoundTtlMs ?? 0;
  const absent =
    notFoundTtlMs > 0 ? new LRUCache<string, true>(bounded(options.maxEntries, notFoundTtlMs)) : undefined;
  // Bumped by every invalidation: a lookup that started before one must not cache what it saw, or a
  // row inserted (and NOTIFY'd) while the query ran would stay "not found" for the negative TTL.
  let generation = 0;

  return {
    async fetch(kind, ids, signal) {
      const found = new Map<string, unknown>();
      const missing: string[] = [];
      const knownAbsent: string[] = [];
      for (const id of new Set(ids)) {
        const k = key(kind, id);
        const entry = cache.get(k);
        if (entry) {
          hits++;
          found.set(id, entry.value);
        } else if (absent?.get(k)) {
          negativeHits++;
          knownAbsent.push(id);
        } else {
          misses++;
          missing.push(id);
        }
      }
      const cachedErrors = knownAbsent.map((id) => notFound(kind, id));
      if (missing.length === 0) return { found, errors: cachedErrors };
      const startedAt = generation;
      const result = await source.fetch(kind, missing, signal);
      const fresh = startedAt === generation;
      for (const [id, value] of result.found) {
        if (fresh) cache.set(key(kind, id), { value });
        found.set(id, value);
      }
      if (absent && fresh)
        for (const error of result.errors)
          if (error.reason === 'not-found') absent.set(key(kind, error.id), true);
      return { found, errors: [...cachedErrors, ...result.errors] };
    },
    invalidate(kind, ids) {
      generation++;
      dropEntries(cache, absent, kind, ids);
      source.invalidate?.(kind, ids);
    },
    close: () => source.close?.() ?? Promise.resolve(),
    stats: () => ({ hits, misses, size: cache.size, negativeHits, negativeSize: absent?.size ?? 0 }),
  };
}
