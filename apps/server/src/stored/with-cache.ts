// withCache decorator of the stored-data seam: a bounded LRU with TTL in front of a source
// (architecture "Seams"). Only found documents are cached; misses and failures are asked again.
import { LRUCache } from 'lru-cache';
import type { StoredKind, StoredSource } from './types.js';

export interface CacheOptions {
  /** Entries over all kinds; 0 returns the source undecorated. */
  maxEntries: number;
  ttlMs: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  size: number;
}

/**
 * Cached documents are shared between requests: consumers must treat them as immutable (the merge
 * patch never mutates its inputs).
 */
export function withCache(
  source: StoredSource,
  options: CacheOptions,
): StoredSource & { stats(): CacheStats } {
  let hits = 0;
  let misses = 0;
  if (options.maxEntries === 0) return { ...source, stats: () => ({ hits, misses, size: 0 }) };
  // lru-cache: O(1) eviction and per-entry TTL (a Map-based evictor walks holes, see performance notes).
  const cache = new LRUCache<string, { value: unknown }>({ max: options.maxEntries, ttl: options.ttlMs });
  const key = (kind: StoredKind, id: string) => `${kind}\u0000${id}`;

  return {
    async fetch(kind, ids, signal) {
      const found = new Map<string, unknown>();
      const missing: string[] = [];
      for (const id of new Set(ids)) {
        const entry = cache.get(key(kind, id));
        if (entry) {
          hits++;
          found.set(id, entry.value);
        } else {
          misses++;
          missing.push(id);
        }
      }
      if (missing.length === 0) return { found, errors: [] };
      const result = await source.fetch(kind, missing, signal);
      for (const [id, value] of result.found) {
        cache.set(key(kind, id), { value });
        found.set(id, value);
      }
      return { found, errors: result.errors };
    },
    invalidate(kind, ids) {
      if (ids) for (const id of ids) cache.delete(key(kind, id));
      else {
        const prefix = `${kind}\u0000`;
        for (const k of [...cache.keys()]) if (k.startsWith(prefix)) cache.delete(k);
      }
      source.invalidate?.(kind, ids);
    },
    close: () => source.close?.() ?? Promise.resolve(),
    stats: () => ({ hits, misses, size: cache.size }),
  };
}
