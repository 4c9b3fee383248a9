// One fetch of an account's floors file: GET with a timeout (injected timers), the body read
// under the size cap (aborted as soon as it is exceeded), JSON parse, validation, and the cache
// lifetime from `Cache-Control: max-age` (Java PriceFloorFetcher). Never rejects.
import type { ResolvedFetchSettings } from './settings.js';
import { MIN_MAX_AGE_SEC } from './settings.js';
import type { FetchResponse, FetchTimers, FetchTransport, FloorsValidator } from './types.js';

export type DownloadResult =
  { ok: true; data: unknown; ttlSec: number } | { ok: false; status: 'error' | 'timeout'; reason: string };

export interface DownloadOptions {
  settings: ResolvedFetchSettings;
  transport: FetchTransport;
  timers: FetchTimers;
  validate: FloorsValidator;
  /** Aborted when the account is dropped or the fetcher closes. */
  signal: AbortSignal;
}

const MAX_INT32 = 2_147_483_647;
const CACHE_CONTROL_MAX_AGE = /max-age=(\d+)/i;

class FetchFailure extends Error {}

function header(res: FetchResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** Header max-age when within [max(600, period), 2^31-1], else the account's max_age_sec. */
export function cacheTtlSec(cacheControl: string | undefined, s: ResolvedFetchSettings): number {
  const m = cacheControl ? CACHE_CONTROL_MAX_AGE.exec(cacheControl) : null;
  if (!m) return s.maxAgeSec;
  const v = Number(m[1]);
  return v >= Math.max(MIN_MAX_AGE_SEC, s.periodSec) && v <= MAX_INT32 ? v : s.maxAgeSec;
}

/**
 * Stops reading a body we do not want. Leaving a started for-await loop ends the iterator, which
 * destroys the stream with its error listeners attached (destroy() alone can raise an unhandled
 * 'error' on undici's body).
 */
async function discard(res: FetchResponse): Promise<void> {
  for await (const _chunk of res.body) break;
}

async function readCapped(res: FetchResponse, maxBytes: number): Promise<string> {
  const tooBig = 'floor file size is greater than max_file_size_kb';
  const declared = Number(header(res, 'content-length'));
  if (maxBytes > 0 && declared > maxBytes) {
    await discard(res);
    throw new FetchFailure(tooBig);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    // Leaving the loop ends the iterator, which destroys the stream (the rest is never read).
    if (maxBytes > 0 && size > maxBytes) throw new FetchFailure(tooBig);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parse(body: string): unknown {
  if (body.trim() === '') {
    throw new FetchFailure('Failed to parse price floor response, response body can not be empty');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    throw new FetchFailure(`Failed to parse price floor response, cause: ${(e as Error).message}`);
  }
}

async function fetchAndCheck(o: DownloadOptions, signal: AbortSignal): Promise<DownloadResult> {
  const s = o.settings;
  const res = await o.transport(s.url, { signal, headers: { accept: 'application/json' } });
  if (res.statusCode !== 200) {
    await discard(res);
    throw new FetchFailure(`Failed to request, provider respond with status ${res.statusCode}`);
  }
  const data = parse(await readCapped(res, s.maxBytes));
  const problems = o.validate(data, { maxRules: s.maxRules, maxSchemaDims: s.maxSchemaDims });
  if (problems.length > 0) throw new FetchFailure(problems.join('; '));
  return { ok: true, data, ttlSec: cacheTtlSec(header(res, 'cache-control'), s) };
}

/** Rejects when `signal` aborts, so a transport that ignores the signal cannot hold a fetch. */
function whenAborted(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort = (): void => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new FetchFailure('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export async function download(o: DownloadOptions): Promise<DownloadResult> {
  const url = o.settings.url;
  const timeout = new AbortController();
  const handle = o.timers.set(() => timeout.abort(new FetchFailure('timeout')), o.settings.timeoutMs);
  const signal = AbortSignal.any([o.signal, timeout.signal]);
  const aborted = whenAborted(signal);
  try {
    return await Promise.race([fetchAndCheck(o, signal), aborted.promise]);
  } catch (e) {
    if (timeout.signal.aborted) {
      return {
        ok: false,
        status: 'timeout',
        reason: `Fetch price floor request timeout for fetch.url '${url}' exceeded.`,
      };
    }
    const reason = e instanceof FetchFailure ? e.message : `${(e as Error)?.message ?? String(e)}`;
    return {
      ok: false,
      status: 'error',
      reason: `Failed to fetch price floor from provider for fetch.url '${url}', with a reason: ${reason}`,
    };
  } finally {
    aborted.dispose();
    o.timers.clear(handle);
  }
}
