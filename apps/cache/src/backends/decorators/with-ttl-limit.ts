// TTL limit decorator (contract "Limits": ttlseconds is best effort): a missing or zero TTL
// becomes the default, a longer one is clamped to the maximum. Backends only see valid TTLs.
import type { CacheBackend, PutItem } from '../types.js';

export interface TtlLimits {
  maxTtlSeconds: number;
  defaultTtlSeconds: number;
}

export function resolveTtl(requested: number, limits: TtlLimits): number {
  const fallback = Math.min(limits.defaultTtlSeconds, limits.maxTtlSeconds);
  if (!Number.isFinite(requested) || requested <= 0) return fallback;
  return Math.min(Math.floor(requested), limits.maxTtlSeconds);
}

// New items (the caller's stay untouched), built in a plain loop: every POST passes here.
function resolveAll(items: readonly PutItem[], limits: TtlLimits): PutItem[] {
  const resolved: PutItem[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as PutItem;
    resolved.push({ key: item.key, entry: item.entry, ttlSeconds: resolveTtl(item.ttlSeconds, limits) });
  }
  return resolved;
}

export function withTtlLimit(backend: CacheBackend, limits: TtlLimits): CacheBackend {
  const now = backend.putBatchNow;
  return {
    ...backend,
    put: (key, entry, ttl) => backend.put(key, entry, resolveTtl(ttl, limits)),
    putBatch: (items) => backend.putBatch(resolveAll(items, limits)),
    putBatchNow: now && ((items) => now(resolveAll(items, limits))),
  };
}
