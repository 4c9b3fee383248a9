// Client of the cache service (contract "Caching", "Cache service: POST /cache"; notes §11): one
// batched POST per auction over keep-alive connections (the bidders' transport), with its own time
// slice.
import { performance } from 'node:perf_hooks';
import { createUndiciTransport } from '../bidders/transport.js';

export interface CachePut {
  type: 'json' | 'xml';
  value: unknown;
  ttlseconds?: number;
  /** Caller-chosen cache key (contract "Cache service: POST /cache"; /vtrack passes it through). */
  key?: string;
}

export type CachePutResult = { ok: true; ids: string[] } | { ok: false; error: string };

/** How one batch ended (metrics/cache-metrics.ts). */
export type CachePutOutcome = 'ok' | 'timeout' | 'network' | 'bad_status' | 'bad_response';

/** Observes every batch: outcome, duration and number of entries. */
export interface CacheClientMetrics {
  put(outcome: CachePutOutcome, seconds: number, entries: number): void;
}

/** Test/conformance seam: sends the serialised batch, answers status and body text. */
export type CacheTransport = (body: string, timeoutMs: number) => Promise<{ status: number; body: string }>;

export interface CacheClientOptions {
  /** Internal call: `{scheme}://{host}{path}`; host may carry a port. */
  scheme: string;
  host: string;
  path: string;
  /** What callers see: `hb_cache_host` / `hb_cache_path` and the retrieval URLs. */
  publicScheme: string;
  publicHost: string;
  publicPath: string;
  timeoutMs: number;
  connections: number;
  transport?: CacheTransport;
  metrics?: CacheClientMetrics;
}

export interface CacheClient {
  /** Where the cache is called (named in error messages). */
  readonly endpoint: string;
  readonly publicHost: string;
  readonly publicPath: string;
  /** `{publicScheme}://{publicHost}{publicPath}?uuid={id}`. */
  publicUrl(id: string): string;
  /** Stores one batch; ids in put order (`''` = not stored). Never rejects. */
  put(puts: readonly CachePut[], timeoutMs?: number): Promise<CachePutResult>;
  close(): Promise<void>;
}

/** undici's own default for idle keep-alive sockets, which this client used before. */
const CACHE_KEEPALIVE_MS = 4000;

const CACHE_HEADERS = { 'content-type': 'application/json;charset=utf-8', accept: 'application/json' };

/**
 * The bidders' transport (undici's dispatcher API over one keep-alive pool, one timer per call): no
 * AbortController, abort signal, body stream or DOMException per call, whose construction cost CPU
 * and made new hidden classes on every POST (docs/performance.md "Hidden classes").
 */
function poolTransport(o: CacheClientOptions): { send: CacheTransport; close: () => Promise<void> } {
  const uri = `${o.scheme}://${o.host}${o.path}`;
  const transport = createUndiciTransport({
    connectionsPerOrigin: o.connections,
    keepAliveTimeoutMs: CACHE_KEEPALIVE_MS,
    // A cache call past its slice is cut at once: the auction no longer waits for it.
    lingerMs: 0,
  });
  return {
    async send(body, timeoutMs) {
      const r = await transport.send(
        { method: 'POST', uri, body, headers: CACHE_HEADERS, impIds: [] },
        timeoutMs,
      );
      if (r.kind === 'response') return { status: r.response.status, body: r.response.body };
      if (r.kind === 'timeout') throw new CacheTimeout();
      throw new Error(r.message);
    },
    close: () => transport.close(),
  };
}

class CacheTimeout extends Error {
  override name = 'TimeoutError';
}

function readIds(text: string, count: number): string[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'cannot parse the response';
  }
  const responses = (doc as { responses?: unknown } | null)?.responses;
  if (!Array.isArray(responses)) return 'the response has no responses array';
  if (responses.length !== count) {
    return `the number of response cache objects (${responses.length}) doesn't match the puts (${count})`;
  }
  return responses.map((r) => {
    const uuid = (r as { uuid?: unknown } | null)?.uuid;
    return typeof uuid === 'string' ? uuid : '';
  });
}

export function createCacheClient(o: CacheClientOptions): CacheClient {
  const endpoint = `${o.scheme}://${o.host}${o.path}`;
  const pooled = o.transport ? undefined : poolTransport(o);
  const send = o.transport ?? pooled?.send;
  const metrics = o.metrics;
  const fail = (why: string): CachePutResult => ({
    ok: false,
    error: `Cache call to ${endpoint} failed: ${why}`,
  });
  /** The batch's result, counted (outcome, time since `t0`, entries) when metrics are on. */
  const counted = (result: CachePutResult, outcome: CachePutOutcome, batch: { t0: number; n: number }) => {
    metrics?.put(outcome, (performance.now() - batch.t0) / 1000, batch.n);
    return result;
  };
  return {
    endpoint,
    publicHost: o.publicHost,
    publicPath: o.publicPath,
    publicUrl: (id) => `${o.publicScheme}://${o.publicHost}${o.publicPath}?uuid=${encodeURIComponent(id)}`,
    async put(puts, timeoutMs = o.timeoutMs) {
      if (puts.length === 0) return { ok: true, ids: [] };
      if (!send) return fail('no transport');
      const batch = { t0: metrics ? performance.now() : 0, n: puts.length };
      try {
        const res = await send(JSON.stringify({ puts }), timeoutMs);
        if (res.status !== 200) {
          return counted(fail(`status ${res.status}: ${res.body.trim().slice(0, 200)}`), 'bad_status', batch);
        }
        const ids = readIds(res.body, puts.length);
        if (typeof ids === 'string') return counted(fail(ids), 'bad_response', batch);
        return counted({ ok: true, ids }, 'ok', batch);
      } catch (e) {
        const err = e as Error;
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        const result = fail(timedOut ? 'timeout exceeded' : err.message);
        return counted(result, timedOut ? 'timeout' : 'network', batch);
      }
    },
    close: () => pooled?.close() ?? Promise.resolve(),
  };
}
