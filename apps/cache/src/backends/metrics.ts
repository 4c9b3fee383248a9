// The cache service's own Prometheus series (admin /metrics): puts, gets, hits/misses, errors,
// bytes and latency, each labelled by backend.
import { createFastHistogram, type FastHistogram } from '@gavel/common';
import { Counter, type Registry } from 'prom-client';

export interface CacheMetrics {
  puts: Counter<'backend' | 'result'>;
  gets: Counter<'backend' | 'result'>;
  errors: Counter<'backend' | 'op'>;
  putBytes: Counter<'backend' | 'type'>;
  duration: FastHistogram<'backend' | 'op'>;
}

export function createCacheMetrics(registry: Registry, prefix = 'gavel_cache_'): CacheMetrics {
  const registers = [registry];
  return {
    puts: new Counter({
      name: `${prefix}puts_total`,
      help: 'Entries offered to the backend, by result (stored, exists, rejected, error)',
      labelNames: ['backend', 'result'] as const,
      registers,
    }),
    gets: new Counter({
      name: `${prefix}gets_total`,
      help: 'Backend reads, by result (hit, miss, error)',
      labelNames: ['backend', 'result'] as const,
      registers,
    }),
    errors: new Counter({
      name: `${prefix}backend_errors_total`,
      help: 'Backend failures by operation (put, get)',
      labelNames: ['backend', 'op'] as const,
      registers,
    }),
    putBytes: new Counter({
      name: `${prefix}put_bytes_total`,
      help: 'Bytes of values stored, by entry type',
      labelNames: ['backend', 'type'] as const,
      registers,
    }),
    duration: createFastHistogram({
      name: `${prefix}backend_duration_seconds`,
      help: 'Backend call latency by operation (put = one batch, get)',
      labelNames: ['backend', 'op'] as const,
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
      registry,
    }),
  };
}
