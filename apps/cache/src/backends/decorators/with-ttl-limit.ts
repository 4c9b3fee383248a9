// TTL limit decorator (contract "Limits": ttlseconds is best effort): a missing or zero TTL
// becomes the default, a longer one is clamped to the maximum. Backends only see valid TTLs.
import type { CacheBackend } from '../types.js';

export interface TtlLimits {
  maxTtlSeconds: number;
  defaultTtlSeconds: number;
}

export function resolveTtl(requested: number, limits: TtlLimits): number {
  const fallback = Math.min(limits.defaultTtlSeconds, limits.maxTtlSeconds);
  if (!Number.isFinite(requested) || requested <= 0) return fallback;
  return Math.min(Math.floor(requested), limits.maxTtlSeconds);
}

export function withTtlLimit(backend: CacheBackend, limits: TtlLimits): CacheBackend {
  return {
    ...backend,
    put: (key, entry, ttl) => backend.put(key, entry, resolveTtl(ttl, limits)),
    putBatch: (items) =>
      backend.putBatch(items.map((i) => ({ ...i, ttlSeconds: resolveTtl(i.ttlSeconds, limits) }))),
  };
}
