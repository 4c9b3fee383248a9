// The one place where a backend is chosen and decorated. Order, outermost first:
//   withMetrics → withSizeLimit → withTtlLimit → backend
// Metrics sit outside so rejected (oversized) puts are counted too; the size check runs before
// the TTL is resolved and before any write; the TTL is resolved last so the store sees the
// effective lifetime.
import type { Clock, Readiness } from '@gavel/common';
import type { CacheConfig } from '../config/schema.js';
import { withMetrics } from './decorators/with-metrics.js';
import { withSizeLimit } from './decorators/with-size-limit.js';
import { withTtlLimit } from './decorators/with-ttl-limit.js';
import type { CacheMetrics } from './metrics.js';
import { createMemoryBackend } from './memory.js';
import { createRedisBackend } from './redis.js';
import type { CacheBackend } from './types.js';

export function createRawBackend(config: CacheConfig, clock: Clock, readiness: Readiness): CacheBackend {
  const b = config.backend;
  if (b.type === 'memory') return createMemoryBackend({ maxBytes: b.memory['max-bytes'], clock });
  const r = b.redis;
  return createRedisBackend({
    mode: r.mode,
    host: r.host,
    port: r.port,
    db: r.db,
    nodes: r.nodes,
    username: r.username,
    password: r.password,
    keyPrefix: r['key-prefix'],
    commandTimeoutMs: r['command-timeout-ms'],
    connectTimeoutMs: r['connect-timeout-ms'],
    tls: {
      enabled: r.tls.enabled,
      caFile: r.tls['ca-file'],
      servername: r.tls.servername,
      rejectUnauthorized: r.tls['reject-unauthorized'],
    },
    readiness: readiness.register('redis'),
  });
}

export function decorateBackend(
  backend: CacheBackend,
  config: CacheConfig,
  metrics: CacheMetrics,
  clock: Clock,
): CacheBackend {
  const limits = config['request-limits'];
  return withMetrics(
    withSizeLimit(
      withTtlLimit(backend, {
        maxTtlSeconds: limits['max-ttl-seconds'],
        defaultTtlSeconds: limits['default-ttl-seconds'],
      }),
      limits['max-size-bytes'],
    ),
    metrics,
    clock,
  );
}
