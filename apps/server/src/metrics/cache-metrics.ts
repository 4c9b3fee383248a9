// The auction server's calls to the cache service: upstream Go `prebidcache_write_time_seconds
// {success}`, plus the outcome of each batch.
import {
  createBatchedCounter,
  createFastHistogram,
  type CounterCell,
  type HistogramCell,
} from '@gavel/common';
import type { Registry } from 'prom-client';
import type { CacheClientMetrics, CachePutOutcome } from '../cache-client/cache-client.js';

const OUTCOMES: readonly CachePutOutcome[] = ['ok', 'timeout', 'network', 'bad_status', 'bad_response'];
/** Upstream's cache write buckets (1 ms … 1 s). */
const WRITE_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 1];

export function createCacheClientMetrics(registry: Registry, prefix: string): CacheClientMetrics {
  const puts = createBatchedCounter({
    name: `${prefix}prebidcache_puts_total`,
    help: 'Batches sent to the cache service, by outcome (ok, timeout, network, bad_status, bad_response)',
    labelNames: ['result'],
    registry,
  });
  const entries = createBatchedCounter({
    name: `${prefix}prebidcache_entries_total`,
    help: 'Entries (bids, VAST) sent to the cache service, by whether their batch was stored',
    labelNames: ['success'],
    registry,
  });
  const time = createFastHistogram({
    name: `${prefix}prebidcache_write_time_seconds`,
    help: 'Duration of one batch write to the cache service, by success',
    labelNames: ['success'] as const,
    buckets: WRITE_BUCKETS,
    registry,
  });
  const byOutcome = {} as Record<CachePutOutcome, CounterCell>;
  for (const o of OUTCOMES) byOutcome[o] = puts.labels(o);
  const okTime: HistogramCell = time.labels({ success: 'true' });
  const failTime: HistogramCell = time.labels({ success: 'false' });
  const okEntries = entries.labels('true');
  const failEntries = entries.labels('false');
  return {
    put(outcome, seconds, count) {
      byOutcome[outcome].inc();
      const ok = outcome === 'ok';
      (ok ? okTime : failTime).observe(seconds);
      (ok ? okEntries : failEntries).inc(count);
    },
  };
}
