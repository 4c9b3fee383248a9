// withMetrics decorator of the stored-data seam: per kind, how many ids the sources found, missed,
// found broken or could not answer, and how long a lookup took (Prometheus, the service registry).
// It also remembers which account ids the sources found (knownAccounts): the account label of the
// auction metrics is limited to those (metrics/account-metrics.ts).
import {
  createBatchedCounter,
  createFastHistogram,
  type CounterCell,
  type HistogramCell,
} from '@gavel/common';
import type { Registry } from 'prom-client';
import type { StoredSource } from './types.js';

/** Most account ids remembered as known; later ones are not (their requests count as `unknown`). */
const MAX_KNOWN_ACCOUNTS = 10_000;

const knownByRegistry = new WeakMap<Registry, Set<string>>();

/** Account ids the stored-data sources of this registry's service have found (bounded). */
export function knownAccounts(registry: Registry): ReadonlySet<string> {
  let set = knownByRegistry.get(registry);
  if (!set) knownByRegistry.set(registry, (set = new Set()));
  return set;
}

export function withMetrics(source: StoredSource, registry: Registry, prefix: string): StoredSource {
  const ids = createBatchedCounter({
    name: `${prefix}stored_ids_total`,
    help: 'Stored-data ids asked of the sources (below the cache), by kind and outcome',
    labelNames: ['kind', 'outcome'],
    registry,
  });
  const duration = createFastHistogram({
    name: `${prefix}stored_fetch_duration_seconds`,
    help: 'Duration of one stored-data lookup of the sources (below the cache), by kind',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    registry,
  });
  // Kinds and outcomes are small fixed sets: cells resolved once each.
  const counts = new Map<string, CounterCell>();
  const count = (kind: string, outcome: string, n: number): void => {
    const key = `${kind}\u0000${outcome}`;
    let cell = counts.get(key);
    if (!cell) counts.set(key, (cell = ids.labels(kind, outcome)));
    cell.inc(n);
  };
  const timings = new Map<string, HistogramCell>();
  const known = knownAccounts(registry) as Set<string>;
  return {
    // eslint-disable-next-line no-restricted-syntax -- one decorator object per process, built at start-up
    ...source,
    async fetch(kind, wanted, signal) {
      const started = performance.now();
      const result = await source.fetch(kind, wanted, signal);
      let timing = timings.get(kind);
      if (!timing) timings.set(kind, (timing = duration.labels({ kind })));
      timing.observe((performance.now() - started) / 1000);
      if (result.found.size) count(kind, 'found', result.found.size);
      for (const e of result.errors) count(kind, e.reason, 1);
      if (kind === 'account') {
        for (const id of result.found.keys()) if (known.size < MAX_KNOWN_ACCOUNTS) known.add(id);
      }
      return result;
    },
  };
}
