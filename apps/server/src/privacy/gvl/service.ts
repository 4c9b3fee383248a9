// The vendor list service (issue 18 "The global vendor list"; G gdpr/vendorlist-fetching.go, J
// VendorListService): lists kept per (spec, version) in an LRU, fetched on first need with one fetch
// per version, bounded retries with back-off, failures remembered so a dead host is not hammered,
// the newest list pre-fetched on demand, and a fallback while a requested version is unavailable.
import { attemptDownload, undiciTransport } from './download.js';
import type { Clock } from '@gavel/common';
import type { GvlTransport, VendorList, VendorListService, VendorListServiceOptions } from './types.js';

export const DEFAULT_LATEST_URL_TEMPLATE = 'https://vendor-list.consensu.org/v{specVersion}/vendor-list.json';
export const DEFAULT_URL_TEMPLATE =
  'https://vendor-list.consensu.org/v{specVersion}/archives/vendor-list-v{listVersion}.json';

/** Failed versions remembered at most; a CMP advertising random versions cannot grow it unbounded. */
const MAX_FAILURES_KEPT = 1000;

const key = (spec: number, version: number) => `${spec}-${version}`;

export function vendorListUrl(template: string, specVersion: number, listVersion: number): string {
  return template
    .replaceAll('{specVersion}', String(specVersion))
    .replaceAll('{listVersion}', String(listVersion));
}

interface Settings {
  transport: GvlTransport;
  backoffMs: number;
  failureTtlMs: number;
  maxBytes: number;
  latestTemplate: string;
}

/** The kept lists: an LRU of (spec, version), plus the newest list of each spec (the fallback). */
function createListCache(maxVersions: number) {
  const lists = new Map<string, VendorList>();
  const newest = new Map<number, VendorList>();
  return {
    get(spec: number, version: number): VendorList | undefined {
      const k = key(spec, version);
      const list = lists.get(k);
      if (list) {
        lists.delete(k);
        lists.set(k, list);
      }
      return list;
    },
    store(list: VendorList): void {
      const k = key(list.specVersion, list.version);
      lists.delete(k);
      lists.set(k, list);
      while (lists.size > Math.max(1, maxVersions)) lists.delete(lists.keys().next().value as string);
      const known = newest.get(list.specVersion);
      if (!known || known.version < list.version) newest.set(list.specVersion, list);
    },
    /** The newest list of `spec`, else `fallback`, else the newest of the highest spec loaded. */
    fallbackFor(spec: number, fallback: VendorList | undefined): VendorList | undefined {
      const same = newest.get(spec);
      if (same) return same;
      if (fallback) return fallback;
      let best: VendorList | undefined;
      for (const l of newest.values()) if (!best || l.specVersion > best.specVersion) best = l;
      return best;
    },
  };
}

/** Versions whose fetch failed, with when; bounded. */
function createFailureMemory(clock: Clock, ttlMs: number) {
  const failedAt = new Map<string, number>();
  return {
    recent(k: string): boolean {
      const at = failedAt.get(k);
      if (at === undefined) return false;
      if (clock.now() - at < ttlMs) return true;
      failedAt.delete(k);
      return false;
    },
    remember(k: string): void {
      failedAt.delete(k);
      failedAt.set(k, clock.now());
      if (failedAt.size > MAX_FAILURES_KEPT) failedAt.delete(failedAt.keys().next().value as string);
    },
  };
}

/** Back-off sleeps that end at once when the service closes. */
function createSleeper() {
  const sleeping = new Set<() => void>();
  return {
    sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(t);
          sleeping.delete(done);
          resolve();
        };
        const t = setTimeout(done, ms);
        t.unref();
        sleeping.add(done);
      });
    },
    wakeAll(): void {
      for (const wake of [...sleeping]) wake();
    },
  };
}

interface DownloadOptions {
  o: VendorListServiceOptions;
  s: Settings;
  signal: AbortSignal;
  sleep(ms: number): Promise<void>;
}

/** Up to 1 + retries attempts; `expected` = the list version the answer must carry. */
async function download(
  d: DownloadOptions,
  target: { url: string; spec: number; expected?: number },
): Promise<VendorList | undefined> {
  const { o, s, signal } = d;
  const url = target.url;
  for (let attempt = 0; attempt <= o.retries && !signal.aborted; attempt++) {
    if (attempt > 0) await d.sleep(s.backoffMs * 2 ** (attempt - 1));
    if (signal.aborted) break;
    const r = await attemptDownload({
      url,
      specVersion: target.spec,
      transport: s.transport,
      timeoutMs: o.fetchTimeoutMs,
      maxBytes: s.maxBytes,
      signal,
    });
    const wrong = r.ok && target.expected !== undefined && r.list.version !== target.expected;
    if (r.ok && !wrong) {
      o.onFetch?.({ url, status: 'success' });
      return r.list;
    }
    const reason = r.ok ? `answered version ${r.list.version}` : r.reason;
    o.onFetch?.({ url, status: r.ok ? 'error' : r.status, reason });
    o.logger?.warn({ url, attempt: attempt + 1, reason }, 'vendor list fetch failed');
  }
  return undefined;
}

function settingsOf(o: VendorListServiceOptions): Settings {
  return {
    transport: o.transport ?? undiciTransport,
    backoffMs: o.retryBackoffMs ?? 200,
    failureTtlMs: o.failureTtlMs ?? 60_000,
    maxBytes: o.maxBytes ?? 16 * 1024 * 1024,
    latestTemplate: o.latestUrlTemplate ?? DEFAULT_LATEST_URL_TEMPLATE,
  };
}

export function createVendorListService(o: VendorListServiceOptions): VendorListService {
  const s = settingsOf(o);
  const cache = createListCache(o.maxVersions);
  const failures = createFailureMemory(o.clock, s.failureTtlMs);
  const sleeper = createSleeper();
  const closing = new AbortController();
  const inFlight = new Map<string, Promise<VendorList | undefined>>();
  const d: DownloadOptions = { o, s, signal: closing.signal, sleep: (ms) => sleeper.sleep(ms) };

  function ensure(spec: number, version: number): Promise<VendorList | undefined> {
    if (!Number.isInteger(spec) || !Number.isInteger(version) || spec <= 0 || version <= 0) {
      return Promise.resolve(undefined);
    }
    const hit = cache.get(spec, version);
    if (hit) return Promise.resolve(hit);
    const k = key(spec, version);
    const pending = inFlight.get(k);
    if (pending) return pending;
    if (closing.signal.aborted || failures.recent(k)) return Promise.resolve(undefined);
    const url = vendorListUrl(o.urlTemplate, spec, version);
    const p = download(d, { url, spec, expected: version })
      .then((list) => {
        if (list) cache.store(list);
        else if (!closing.signal.aborted) failures.remember(k);
        return list;
      })
      .catch(() => undefined)
      .finally(() => inFlight.delete(k));
    inFlight.set(k, p);
    return p;
  }

  return {
    get: (spec, version) => cache.get(spec, version),
    ensure,
    resolve(spec, version) {
      const list = cache.get(spec, version);
      if (list) return { list, exact: true };
      void ensure(spec, version);
      const fallback = cache.fallbackFor(spec, o.fallback);
      return fallback ? { list: fallback, exact: false } : { exact: false };
    },
    async prefetchLatest() {
      const specs = o.prefetchSpecVersions ?? [2, 3];
      const got = await Promise.all(
        specs.map((spec) =>
          download(d, { url: vendorListUrl(s.latestTemplate, spec, 0), spec }).catch(() => undefined),
        ),
      );
      for (const list of got) if (list) cache.store(list);
    },
    close() {
      closing.abort();
      sleeper.wakeAll();
    },
  };
}
