// Builds the cache client from the `cache.*` config section (contract "Caching").
import type { ServerConfig } from '../config/schema.js';
import {
  createCacheClient,
  type CacheClient,
  type CacheClientMetrics,
  type CacheTransport,
} from './cache-client.js';

/** Undefined when `cache.host` is empty (caching requests then get an error entry). */
export function createCacheClientFromConfig(
  config: ServerConfig,
  transport?: CacheTransport,
  metrics?: CacheClientMetrics,
): CacheClient | undefined {
  const c = config.cache;
  if (!c.host && !transport) return undefined;
  return createCacheClient({
    scheme: c.scheme,
    host: c.host,
    path: c.path,
    publicScheme: c['public-scheme'],
    publicHost: c['public-host'] || c.host,
    publicPath: c['public-path'],
    timeoutMs: c['timeout-ms'],
    connections: c.connections,
    transport,
    ...(metrics ? { metrics } : {}),
  });
}
