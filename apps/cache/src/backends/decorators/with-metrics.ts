// Metrics decorator: counts every entry offered (stored / exists / rejected / error), every read
// (hit / miss / error), bytes stored and the latency of each backend call.
import type { Clock } from '@gavel/common';
import { isGavelError } from '@gavel/common';
import type { CacheMetrics } from '../metrics.js';
import type { CacheBackend, PutItem, PutOutcome } from '../types.js';

export function withMetrics(backend: CacheBackend, metrics: CacheMetrics, clock: Clock): CacheBackend {
  const backendLabel = backend.name;
  // Label children bound once: prom-client otherwise hashes the label object on every call.
  const puts = {
    stored: metrics.puts.labels(backendLabel, 'stored'),
    exists: metrics.puts.labels(backendLabel, 'exists'),
    rejected: metrics.puts.labels(backendLabel, 'rejected'),
    error: metrics.puts.labels(backendLabel, 'error'),
  };
  const gets = {
    hit: metrics.gets.labels(backendLabel, 'hit'),
    miss: metrics.gets.labels(backendLabel, 'miss'),
    error: metrics.gets.labels(backendLabel, 'error'),
  };
  const bytes = {
    xml: metrics.putBytes.labels(backendLabel, 'xml'),
    json: metrics.putBytes.labels(backendLabel, 'json'),
  };
  const errors = {
    put: metrics.errors.labels(backendLabel, 'put'),
    get: metrics.errors.labels(backendLabel, 'get'),
  };
  const duration = {
    put: metrics.duration.labels(backendLabel, 'put'),
    get: metrics.duration.labels(backendLabel, 'get'),
  };

  const record = (items: readonly PutItem[], outcomes: readonly PutOutcome[]): void => {
    outcomes.forEach((outcome, i) => {
      puts[outcome].inc();
      const entry = items[i]?.entry;
      if (outcome === 'stored' && entry) bytes[entry.type].inc(Buffer.byteLength(entry.value));
    });
  };
  const fail = (err: unknown, count: number, op: 'put' | 'get'): never => {
    // A 4xx from an inner decorator is the caller's fault, not the backend's.
    const rejected = isGavelError(err) && err.status < 500;
    if (op === 'put') puts[rejected ? 'rejected' : 'error'].inc(count);
    else gets.error.inc();
    if (!rejected) errors[op].inc();
    throw err;
  };
  const timed = async <T>(op: 'put' | 'get', run: () => Promise<T>): Promise<T> => {
    const started = clock.monotonic();
    try {
      return await run();
    } finally {
      duration[op].observe((clock.monotonic() - started) / 1000);
    }
  };
  const putBatch = (items: readonly PutItem[]): Promise<PutOutcome[]> =>
    timed('put', async () => {
      try {
        const outcomes = await backend.putBatch(items);
        record(items, outcomes);
        return outcomes;
      } catch (err) {
        return fail(err, items.length, 'put');
      }
    });
  return {
    ...backend,
    put: async (key, entry, ttlSeconds) => {
      const [outcome] = await putBatch([{ key, entry, ttlSeconds }]);
      return outcome ?? 'exists';
    },
    putBatch,
    get: (key) =>
      timed('get', async () => {
        try {
          const entry = await backend.get(key);
          (entry ? gets.hit : gets.miss).inc();
          return entry;
        } catch (err) {
          return fail(err, 1, 'get');
        }
      }),
  };
}
