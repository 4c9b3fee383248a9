// Metrics decorator: counts every entry offered (stored / exists / rejected / error), every read
// (hit / miss / error), bytes stored and the latency of each backend call.
import type { Clock } from '@gavel/common';
import { isGavelError } from '@gavel/common';
import type { CacheMetrics } from '../metrics.js';
import type { CacheBackend, PutItem, PutOutcome } from '../types.js';

export function withMetrics(backend: CacheBackend, metrics: CacheMetrics, clock: Clock): CacheBackend {
  const name = backend.name;
  const record = (items: readonly PutItem[], outcomes: readonly PutOutcome[]): void => {
    outcomes.forEach((outcome, i) => {
      metrics.puts.inc({ backend: name, result: outcome });
      const entry = items[i]?.entry;
      if (outcome === 'stored' && entry) {
        metrics.putBytes.inc({ backend: name, type: entry.type }, Buffer.byteLength(entry.value));
      }
    });
  };
  const fail = (err: unknown, count: number, op: 'put' | 'get'): never => {
    // A 4xx from an inner decorator is the caller's fault, not the backend's.
    const rejected = isGavelError(err) && err.status < 500;
    if (op === 'put') metrics.puts.inc({ backend: name, result: rejected ? 'rejected' : 'error' }, count);
    else metrics.gets.inc({ backend: name, result: 'error' });
    if (!rejected) metrics.errors.inc({ backend: name, op });
    throw err;
  };
  const timed = async <T>(op: 'put' | 'get', run: () => Promise<T>): Promise<T> => {
    const started = clock.monotonic();
    try {
      return await run();
    } finally {
      metrics.duration.observe({ backend: name, op }, (clock.monotonic() - started) / 1000);
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
          metrics.gets.inc({ backend: name, result: entry ? 'hit' : 'miss' });
          return entry;
        } catch (err) {
          return fail(err, 1, 'get');
        }
      }),
  };
}
