// withMetrics decorator of the stored-data seam: per kind, how many ids the sources found, missed,
// found broken or could not answer, and how long a lookup took (Prometheus, the service registry).
import { Counter, Histogram, type Registry } from 'prom-client';
import type { StoredSource } from './types.js';

export function withMetrics(source: StoredSource, registry: Registry, prefix: string): StoredSource {
  const ids = new Counter({
    name: `${prefix}stored_ids_total`,
    help: 'Stored-data ids asked of the sources (below the cache), by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${prefix}stored_fetch_duration_seconds`,
    help: 'Duration of one stored-data lookup of the sources (below the cache), by kind',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registers: [registry],
  });
  return {
    // eslint-disable-next-line no-restricted-syntax -- one decorator object per process, built at start-up
    ...source,
    async fetch(kind, wanted, signal) {
      const end = duration.startTimer({ kind });
      const result = await source.fetch(kind, wanted, signal);
      end();
      if (result.found.size) ids.inc({ kind, outcome: 'found' }, result.found.size);
      for (const e of result.errors) ids.inc({ kind, outcome: e.reason });
      return result;
    },
  };
}
