// In-process backend: bounded by total bytes, evicts least-recently-used entries, honours TTL.
// lru-cache does the bookkeeping (O(1) eviction, no Map-iteration holes; see performance notes).
import { LRUCache } from 'lru-cache';
import { BackendError, type Clock } from '@gavel/common';
import { rejection } from './errors.js';
import type { CacheBackend, CacheEntry, PutItem, PutOutcome } from './types.js';

export interface MemoryBackendOptions {
  /** Total bytes of keys + values kept; older entries are evicted beyond it. */
  maxBytes: number;
  /** Time source for expiry (tests inject a manual clock). */
  clock?: Clock;
}

// Per-entry overhead charged on top of the text, so that many tiny entries cannot exceed the budget.
const ENTRY_OVERHEAD_BYTES = 64;

export function createMemoryBackend(options: MemoryBackendOptions): CacheBackend {
  const clock = options.clock;
  // V8 strings are UTF-16 internally: length × 2 approximates the heap cost without encoding.
  const weigh = (key: string, entry: CacheEntry): number =>
    ENTRY_OVERHEAD_BYTES + (key.length + entry.value.length) * 2;
  const lru = new LRUCache<string, CacheEntry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => weigh(key, entry),
    ttlAutopurge: false,
    // Read the clock on every check: a cached 'now' would lag an injected clock.
    ttlResolution: 0,
    ...(clock ? { perf: { now: () => clock.monotonic() } } : {}),
  });

  // lru-cache silently drops an item larger than maxSize: refuse it loudly, before any write.
  const checkFits = (key: string, entry: CacheEntry): void => {
    if (weigh(key, entry) > options.maxBytes) {
      throw new BackendError('memory backend: entry larger than backend.memory.max-bytes');
    }
  };
  const putOne = (key: string, entry: CacheEntry, ttlSeconds: number): PutOutcome => {
    if (lru.has(key)) return 'exists';
    lru.set(key, entry, { ttl: ttlSeconds * 1000 });
    return 'stored';
  };

  // Synchronous loop on one thread: no other request can interleave, so the batch is atomic.
  const putBatchNow = (items: readonly PutItem[]): PutOutcome[] => {
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as PutItem;
      checkFits(item.key, item.entry);
    }
    const outcomes: PutOutcome[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as PutItem;
      outcomes.push(putOne(item.key, item.entry, item.ttlSeconds));
    }
    return outcomes;
  };

  // Settled promises built directly (not async functions): one promise per call, and a failure
  // is still a rejection, never a synchronous throw.
  return {
    name: 'memory',
    put: (key, entry, ttlSeconds) => {
      try {
        checkFits(key, entry);
        return Promise.resolve(putOne(key, entry, ttlSeconds));
      } catch (err) {
        return rejection(err);
      }
    },
    putBatch: (items: readonly PutItem[]) => {
      try {
        return Promise.resolve(putBatchNow(items));
      } catch (err) {
        return rejection(err);
      }
    },
    putBatchNow,
    get: (key) => Promise.resolve(lru.get(key)),
    close: () => {
      lru.clear();
      return Promise.resolve();
    },
  };
}
