// Category fetchers (upstream G stored_requests/backends/file_fetcher FetchCategories): mapping
// files `<dir>/<adserver>/<adserver>.json`, or `<dir>/<adserver>/<adserver>_<publisher>.json` when a
// publisher is given; each file maps an IAB category to `{"id": <ad-server category>, "name": ...}`.
// G loads the whole directory at start-up; here a file is read on first use and its table kept in a
// bounded LRU (a directory filled after start works; missing or broken files are re-tried after a TTL).
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { CategoryFetcher, CategoryLookup } from './types.js';

/** What reading one mapping file gave. */
export type CategoryFileRead =
  | { text: string }
  /** `no-dir`: the ad server has no directory; `no-file`: it has, the file is not there. */
  | { missing: 'no-dir' | 'no-file' }
  /** Any other I/O trouble: reported, never cached. */
  | { failed: string };

export interface CachedCategoryFetcherOptions {
  /** Reads `<adServer>/<fileName>.json` (fileName without `.json`). Must not reject. */
  read(adServer: string, fileName: string): Promise<CategoryFileRead>;
  /** Most mapping files held (default 100). */
  maxFiles?: number;
  /** How long a missing or broken file is remembered as such, ms (default 60000; 0 = re-read every time). */
  missingTtlMs?: number;
}

type Failure = 'unmarshal' | 'no-file' | 'no-dir' | 'failed';
type Table = { ok: true; ids: ReadonlyMap<string, string> } | { ok: false; why: Failure; detail?: string };

// Ad-server and publisher names become path segments: only plain names are looked up.
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;
const isSafe = (s: string): boolean => SAFE_NAME.test(s) && s !== '.' && s !== '..';

/** The mapping file's table (IAB category → ad-server id), or undefined when it is not such a file. */
export function parseCategoryFile(text: string): Map<string, string> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return undefined;
  const ids = new Map<string, string>();
  for (const [iab, entry] of Object.entries(doc as Record<string, unknown>)) {
    if (entry === null) continue;
    if (typeof entry !== 'object' || Array.isArray(entry)) return undefined;
    const { id, name } = entry as { id?: unknown; name?: unknown };
    if ((id != null && typeof id !== 'string') || (name != null && typeof name !== 'string'))
      return undefined;
    if (typeof id === 'string' && id !== '') ids.set(iab, id);
  }
  return ids;
}

/** `<adserver>` or `<adserver>_<publisher>` (G's file name rule). */
export function categoryFileName(primaryAdServer: string, publisher: string): string {
  return publisher === '' ? primaryAdServer : `${primaryAdServer}_${publisher}`;
}

function toTable(got: CategoryFileRead): Table {
  if ('text' in got) {
    const ids = parseCategoryFile(got.text);
    return ids ? { ok: true, ids } : { ok: false, why: 'unmarshal' };
  }
  if ('failed' in got) return { ok: false, why: 'failed', detail: got.failed };
  return { ok: false, why: got.missing };
}

/** G's error texts. */
function failureText(
  t: { why: Failure; detail?: string },
  adServer: string,
  publisher: string,
  iab: string,
): string {
  switch (t.why) {
    case 'unmarshal':
      return `Unable to unmarshal categories for adserver: '${adServer}', publisherId: '${publisher}'`;
    case 'no-file':
      return `Unable to find mapping file for adserver: '${adServer}', publisherId: '${publisher}'`;
    case 'no-dir':
      return `Category '${iab}' not found for server: '${adServer}', publisherId: '${publisher}'`;
    case 'failed':
      return `Unable to read categories for adserver: '${adServer}', publisherId: '${publisher}': ${t.detail ?? ''}`;
  }
}

/** A fetcher over any file reader, with the bounded cache. */
export function createCachedCategoryFetcher(opts: CachedCategoryFetcherOptions): CategoryFetcher {
  const missingTtl = opts.missingTtlMs ?? 60_000;
  const tables = new LRUCache<string, Promise<Table>>({ max: Math.max(1, opts.maxFiles ?? 100) });

  const tableOf = (adServer: string, publisher: string): Promise<Table> => {
    const fileName = categoryFileName(adServer, publisher);
    const key = `${adServer}/${fileName}`;
    const held = tables.get(key);
    if (held) return held;
    const unsafe = !isSafe(adServer) || (publisher !== '' && !isSafe(publisher));
    const loading = (
      unsafe
        ? Promise.resolve<CategoryFileRead>({ missing: 'no-file' })
        : Promise.resolve().then(() => opts.read(adServer, fileName))
    )
      .catch((err: unknown): CategoryFileRead => ({ failed: String(err) }))
      .then(toTable);
    tables.set(key, loading);
    void loading.then((t) => {
      if (t.ok || tables.get(key) !== loading) return;
      if (t.why === 'failed' || missingTtl === 0) tables.delete(key);
      else tables.set(key, loading, { ttl: missingTtl });
    });
    return loading;
  };

  const lookup = async (adServer: string, publisher: string, iab: string): Promise<CategoryLookup> => {
    const table = await tableOf(adServer, publisher);
    if (!table.ok) return { error: failureText(table, adServer, publisher, iab) };
    const id = table.ids.get(iab);
    return id !== undefined
      ? { id }
      : {
          error: `Unable to find category for adserver '${adServer}', publisherId: '${publisher}', iab category: '${iab}'`,
        };
  };

  return {
    lookup,
    async fetch(adServer, publisher, iab) {
      const got = await lookup(adServer, publisher, iab);
      return 'id' in got ? got.id : undefined;
    },
  };
}

async function readFromDir(dir: string, adServer: string, fileName: string): Promise<CategoryFileRead> {
  try {
    return { text: await readFile(join(dir, adServer, `${fileName}.json`), 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EISDIR') return { failed: String(err) };
    const dirThere = await stat(join(dir, adServer)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    return { missing: dirThere ? 'no-file' : 'no-dir' };
  }
}

export interface FileCategoryFetcherOptions {
  /** Root of the mapping files: `<dir>/<adserver>/<file>.json`. */
  dir: string;
  maxFiles?: number;
  missingTtlMs?: number;
}

/** Mapping files under `dir`, each read once and cached. */
export function createFileCategoryFetcher(opts: FileCategoryFetcherOptions): CategoryFetcher {
  return createCachedCategoryFetcher({
    read: (adServer, fileName) => readFromDir(opts.dir, adServer, fileName),
    ...(opts.maxFiles !== undefined ? { maxFiles: opts.maxFiles } : {}),
    ...(opts.missingTtlMs !== undefined ? { missingTtlMs: opts.missingTtlMs } : {}),
  });
}

/**
 * In-memory mapping files for tests and embedding: ad server → file name (without `.json`) → the
 * file's JSON (a value that is a string is taken as the file's raw text).
 */
export function createMemoryCategoryFetcher(
  files: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): CategoryFetcher {
  return createCachedCategoryFetcher({
    missingTtlMs: 0,
    read(adServer, fileName) {
      const dir = Object.hasOwn(files, adServer) ? files[adServer] : undefined;
      if (dir === undefined) return Promise.resolve({ missing: 'no-dir' });
      if (!Object.hasOwn(dir, fileName)) return Promise.resolve({ missing: 'no-file' });
      const doc = dir[fileName];
      return Promise.resolve({ text: typeof doc === 'string' ? doc : JSON.stringify(doc) });
    },
  });
}
