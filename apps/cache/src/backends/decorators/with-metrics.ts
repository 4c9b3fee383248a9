// Metrics decorator: counts every entry offered (stored / exists / rejected / error), every read
// (hit / miss / error), bytes stored and the latency of each backend call.
import type { Clock } from '@gavel/common';
import { isGavelError } from '@gavel/common';
import type { CacheMetrics } from '../metrics.js';
import type { CacheBackend, CacheEntry, PutItem, PutOutcome } from '../types.js';

/**
 * The series one backend's calls feed, as label children bound once: prom-client otherwise hashes
 * the label object on every call.
 */
function boundSeries(metrics: CacheMetrics, backendLabel: string) {
  return {
    puts: {
      stored: metrics.puts.labels(backendLabel, 'stored'),
      exists: metrics.puts.labels(backendLabel, 'exists'),
      rejected: metrics.puts.labels(backendLabel, 'rejected'),
      error: metrics.puts.labels(backendLabel, 'error'),
    },
    gets: {
      hit: metrics.gets.labels(backendLabel, 'hit'),
      miss: metrics.gets.labels(backendLabel, 'miss'),
      error: metrics.gets.labels(backendLabel, 'error'),
    },
    bytes: {
      xml: metrics.putBytes.labels(backendLabel, 'xml'),
      json: metrics.putBytes.labels(backendLabel, 'json'),
    },
    errors: {
      put: metrics.errors.labels(backendLabel, 'put'),
      get: metrics.errors.labels(backendLabel, 'get'),
    },
    duration: {
      put: metrics.duration.labels({ backend: backendLabel, op: 'put' }),
      get: metrics.duration.labels({ backend: backendLabel, op: 'get' }),
    },
  };
}

type Series = ReturnType<typeof boundSeries>;

// One increment per series and batch, not per entry: each prom-client inc hashes its labels.
function record(s: Series, items: readonly PutItem[], outcomes: readonly PutOutcome[]): void {
  let stored = 0;
  let xmlBytes = 0;
  let jsonBytes = 0;
  for (let i = 0; i < outcomes.length; i++) {
    const entry = items[i]?.entry;
    if (outcomes[i] !== 'stored' || !entry) continue;
    stored++;
    if (entry.type === 'xml') xmlBytes += Buffer.byteLength(entry.value);
    else jsonBytes += Buffer.byteLength(entry.value);
  }
  if (stored > 0) s.puts.stored.inc(stored);
  if (stored < outcomes.length) s.puts.exists.inc(outcomes.length - stored);
  if (xmlBytes > 0) s.bytes.xml.inc(xmlBytes);
  if (jsonBytes > 0) s.bytes.json.inc(jsonBytes);
}

function fail(s: Series, err: unknown, count: number, op: 'put' | 'get'): never {
  // A 4xx from an inner decorator is the caller's fault, not the backend's.
  const rejected = isGavelError(err) && err.status < 500;
  if (op === 'put') s.puts[rejected ? 'rejected' : 'error'].inc(count);
  else s.gets.error.inc();
  if (!rejected) s.errors[op].inc();
  throw err;
}

export function withMetrics(backend: CacheBackend, metrics: CacheMetrics, clock: Clock): CacheBackend {
  const series = boundSeries(metrics, backend.name);
  const { gets, duration } = series;
  // Plain async functions with try/finally: no per-call closure or extra promise layer.
  const putBatch = async (items: readonly PutItem[]): Promise<PutOutcome[]> => {
    const started = clock.monotonic();
    try {
      const outcomes = await backend.putBatch(items);
      record(series, items, outcomes);
      return outcomes;
    } catch (err) {
      return fail(series, err, items.length, 'put');
    } finally {
      duration.put.observe((clock.monotonic() - started) / 1000);
    }
  };
  // putBatch's steps without the await (stores that finish in this tick); one shared helper for
  // both would cost a closure per call on the hottest path of the service.
  const now = backend.putBatchNow;
  const putBatchNow =
    now &&
    ((items: readonly PutItem[]): PutOutcome[] => {
      const started = clock.monotonic();
      try {
        const outcomes = now(items);
        record(series, items, outcomes);
        return outcomes;
      } catch (err) {
        return fail(series, err, items.length, 'put');
      } finally {
        duration.put.observe((clock.monotonic() - started) / 1000);
      }
    });
  const get = async (key: string): Promise<CacheEntry | undefined> => {
    const started = clock.monotonic();
    try {
      const entry = await backend.get(key);
      (entry ? gets.hit : gets.miss).inc();
      return entry;
    } catch (err) {
      return fail(series, err, 1, 'get');
    } finally {
      duration.get.observe((clock.monotonic() - started) / 1000);
    }
  };
  return {
    ...backend,
    put: async (key, entry, ttlSeconds) => {
      const [outcome] = await putBatch([{ key, entry, ttlSeconds }]);
      return outcome ?? 'exists';
    },
    putBatch,
    putBatchNow,
    get,
  };
}
