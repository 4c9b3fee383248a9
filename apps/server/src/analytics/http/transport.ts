// The HTTP adapter's default transport: undici `request` over a small pool of its own (one collector,
// a few keep-alive connections), the response body always consumed so the connection is reused.
import { Agent, request } from 'undici';

/**
 * POST one batch; resolves with the status, rejects on network errors and when `signal` aborts.
 * `body` is the adapter's batch buffer: valid until the returned promise settles (after a 2xx it
 * holds the next batch), so a transport that keeps it longer must copy it.
 */
export type HttpPost = (body: Buffer, signal: AbortSignal) => Promise<{ statusCode: number }>;

export interface UndiciPosterOptions {
  url: string;
  /** Extra request headers (an API key, …); content-type is always application/json. */
  headers?: Readonly<Record<string, string>>;
  /** Connections to the collector at most (default 4). */
  connections?: number;
  /** Connect / headers / body timeout per attempt (the adapter also aborts through `signal`). */
  timeoutMs: number;
}

export function createUndiciPoster(o: UndiciPosterOptions): { post: HttpPost; close(): Promise<void> } {
  const agent = new Agent({
    connections: o.connections ?? 4,
    connectTimeout: o.timeoutMs,
    headersTimeout: o.timeoutMs,
    bodyTimeout: o.timeoutMs,
    keepAliveTimeout: 30_000,
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const [k, v] of Object.entries(o.headers ?? {})) headers[k.toLowerCase()] = v;
  return {
    async post(body, signal) {
      const res = await request(o.url, { method: 'POST', body, headers, signal, dispatcher: agent });
      await res.body.dump();
      return { statusCode: res.statusCode };
    },
    // destroy, not close: a stopped collector must not hold shutdown up on queued requests.
    close: () => agent.destroy(),
  };
}
