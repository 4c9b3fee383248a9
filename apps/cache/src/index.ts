// What other workspaces (the conformance tool, benchmarks) may use of the cache service.
export { createCacheApp, type CacheApp, type CacheDeps } from './app.js';
export { CacheConfigSchema, CACHE_ENV_PREFIX, type CacheConfig } from './config/schema.js';
export type { CacheBackend, CacheEntry, PutItem, PutOutcome, EntryType } from './backends/types.js';
export { createMemoryBackend } from './backends/memory.js';
export { createRedisBackend } from './backends/redis.js';
export { decodeUpstreamValue, decodeEntry, encodeEntry } from './backends/entry-codec.js';
export { CorruptedEntryError } from './backends/errors.js';
export { resolveCacheConfig } from './config/resolve.js';
