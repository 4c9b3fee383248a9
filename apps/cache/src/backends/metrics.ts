// The cache service's own Prometheus series (admin /metrics): puts, gets, hits/misses, errors,
// bytes and latency, each labelled by backend.
import {
  createBatchedCounter,
  createFastHistogram,
  type BatchedCounter,
  type CounterCell,
  type FastHistogram,
} from '@gavel/common';
import type { Registry } from 'prom-client';

// Counters added to in plain numbers and handed to prom-client at scrape (createBatchedCounter): a
// bound prom-client child hashes its label object on every inc (≈ 2 per POST).
export type { BatchedCounter, CounterCell };

export interface CacheMetrics {
  puts: BatchedCounter;
  gets: BatchedCounter;
  errors: BatchedCounter;
  putBytes: BatchedCounter;
  duration: FastHistogram<'backend' | 'op'>;
}

export function createCacheMetrics(registry: Registry, prefix = 'gavel_cache_'): CacheMetrics {
  return {
    puts: createBatchedCounter({
      name: `${prefix}puts_total`,
      help: 'Entries offered to the backend, by result (stored, exists, rejected, error)',
      labelNames: ['backend', 'result'],
      registry,
    }),
    gets: createBatchedCounter({
      name: `${prefix}gets_total`,
      help: 'Backend reads, by result (hit, miss, error)',
      labelNames: ['backend', 'result'],
      registry,
    }),
    errors: createBatchedCounter({
      name: `${prefix}backend_errors_total`,
      help: 'Backend failures by operation (put, get)',
      labelNames: ['backend', 'op'],
      registry,
    }),
    putBytes: createBatchedCounter({
      name: `${prefix}put_bytes_total`,
      help: 'Bytes of values stored, by entry type',
      labelNames: ['backend', 'type'],
      registry,
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
