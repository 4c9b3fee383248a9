// What other workspaces (the conformance tool, benchmarks) may use of the cache service.
export { createCacheApp, type CacheApp, type CacheDeps } from './app.js';
export { CacheConfigSchema, CACHE_ENV_PREFIX, type CacheConfig } from './config/schema.js';
