// The cache service's own Prometheus series (admin /metrics): puts, gets, hits/misses, errors,
// bytes and latency, each labelled by backend.
import { createFastHistogram, type FastHistogram } from '@gavel/common';
import { Counter, type Registry } from 'prom-client';

/** One counter series with fixed label values: keep it and call inc() on hot paths. */
export interface CounterCell {
  inc(value?: number): void;
}

/** A counter family: `labels(...values)` in labelNames order, as prom-client's `labels()`. */
export interface BatchedCounter {
  readonly name: string;
  labels(...values: string[]): CounterCell;
}

export interface CacheMetrics {
  puts: BatchedCounter;
  gets: BatchedCounter;
  errors: BatchedCounter;
  putBytes: BatchedCounter;
  duration: FastHistogram<'backend' | 'op'>;
}

class PendingCell implements CounterCell {
  pending = 0;
  constructor(readonly labels: Record<string, string>) {}
  inc(value = 1): void {
    this.pending += value;
  }
}

// A prom-client Counter whose series are added to in plain numbers and handed to prom-client
// when the registry is read (its `collect` hook, run before every scrape): same series, values
// and exposition, but a bound prom-client child hashes and validates its label object on every
// inc (≈ 2 per POST). A series appears once it has counted something, as with prom-client.
function createBatchedCounter(options: {
  name: string;
  help: string;
  labelNames: readonly string[];
  registers: Registry[];
}): BatchedCounter {
  const cells = new Map<string, PendingCell>();
  const counter: Counter = new Counter({
    ...options,
    collect: () => {
      for (const cell of cells.values()) {
        if (cell.pending > 0) counter.inc(cell.labels, cell.pending);
        cell.pending = 0;
      }
    },
  });
  const reset = counter.reset.bind(counter);
  counter.reset = () => {
    for (const cell of cells.values()) cell.pending = 0;
    reset();
  };
  return {
    name: options.name,
    labels: (...values) => {
      const key = values.join('\u0000');
      let cell = cells.get(key);
      if (!cell) {
        const labels: Record<string, string> = {};
        options.labelNames.forEach((l, i) => (labels[l] = values[i] ?? ''));
        cell = new PendingCell(labels);
        cells.set(key, cell);
      }
      return cell;
    },
  };
}

export function createCacheMetrics(registry: Registry, prefix = 'gavel_cache_'): CacheMetrics {
  const registers = [registry];
  return {
    puts: createBatchedCounter({
      name: `${prefix}puts_total`,
      help: 'Entries offered to the backend, by result (stored, exists, rejected, error)',
      labelNames: ['backend', 'result'],
      registers,
    }),
    gets: createBatchedCounter({
      name: `${prefix}gets_total`,
      help: 'Backend reads, by result (hit, miss, error)',
      labelNames: ['backend', 'result'],
      registers,
    }),
    errors: createBatchedCounter({
      name: `${prefix}backend_errors_total`,
      help: 'Backend failures by operation (put, get)',
      labelNames: ['backend', 'op'],
      registers,
    }),
    putBytes: createBatchedCounter({
      name: `${prefix}put_bytes_total`,
      help: 'Bytes of values stored, by entry type',
      labelNames: ['backend', 'type'],
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
