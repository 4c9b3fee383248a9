// One HTTP attempt at a vendor list: GET with a time limit over connect and body, the body read
// under a size cap, then parsed. Never rejects; the default transport is undici `request`.
import { request } from 'undici';
import { parseVendorListText } from './parse.js';
import type { GvlResponse, GvlTransport, VendorList } from './types.js';

export type AttemptResult =
  { ok: true; list: VendorList } | { ok: false; status: 'error' | 'timeout'; reason: string };

export interface AttemptOptions {
  url: string;
  specVersion: number;
  transport: GvlTransport;
  timeoutMs: number;
  /** 0 = no limit. */
  maxBytes: number;
  /** Aborted when the service closes. */
  signal: AbortSignal;
}

export const undiciTransport: GvlTransport = (url, init) =>
  request(url, { method: 'GET', signal: init.signal, headers: { accept: 'application/json' } });

class AttemptFailure extends Error {}

/** Leaving a started for-await loop destroys the stream with its listeners attached. */
async function discard(res: GvlResponse): Promise<void> {
  for await (const _chunk of res.body) break;
}

async function readCapped(res: GvlResponse, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (maxBytes > 0 && size > maxBytes) throw new AttemptFailure(`body larger than ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchAndParse(o: AttemptOptions, signal: AbortSignal): Promise<VendorList> {
  const res = await o.transport(o.url, { signal });
  if (res.statusCode !== 200) {
    await discard(res);
    throw new AttemptFailure(`status ${res.statusCode}`);
  }
  const parsed = parseVendorListText(await readCapped(res, o.maxBytes), o.specVersion);
  if (!parsed.ok) throw new AttemptFailure(parsed.reason);
  return parsed.list;
}

/** Rejects when `signal` aborts, so a transport that ignores the signal cannot hold an attempt. */
function rejectOnAbort(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort = (): void => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new AttemptFailure('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export async function attemptDownload(o: AttemptOptions): Promise<AttemptResult> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, o.timeoutMs);
  timer.unref();
  const onOuterAbort = () => ctl.abort();
  o.signal.addEventListener('abort', onOuterAbort, { once: true });
  const abort = rejectOnAbort(ctl.signal);
  try {
    const work = fetchAndParse(o, ctl.signal);
    // A transport that ignores the signal may still reject after the race is lost.
    work.catch(() => {});
    const list = await Promise.race([work, abort.promise]);
    return { ok: true, list };
  } catch (e) {
    if (timedOut) return { ok: false, status: 'timeout', reason: `no answer within ${o.timeoutMs} ms` };
    const reason = e instanceof AttemptFailure ? e.message : `transport: ${(e as Error).message}`;
    return { ok: false, status: 'error', reason };
  } finally {
    clearTimeout(timer);
    abort.dispose();
    o.signal.removeEventListener('abort', onOuterAbort);
  }
}
