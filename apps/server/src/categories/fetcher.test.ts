// File-based category fetcher (G file_fetcher TestCategoriesFetcher* cases) and its cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  categoryFileName,
  createCachedCategoryFetcher,
  createFileCategoryFetcher,
  createMemoryCategoryFetcher,
  parseCategoryFile,
  type CategoryFileRead,
} from './fetcher.js';
import { createCategoryFetcherFromConfig } from './from-config.js';

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-categories-'));
  try {
    await mkdir(join(dir, 'test'));
    // G stored_requests/backends/file_fetcher/test/category-mapping/test/*
    await writeFile(
      join(dir, 'test', 'test.json'),
      '{"IAB1-1": {"id": "VideoGames", "name": "Video Games"}}',
    );
    await writeFile(
      join(dir, 'test', 'test_categories.json'),
      '{"IAB1-1": {"id": "Beverages", "name": "Beverages"}}',
    );
    await writeFile(
      join(dir, 'test', 'test_broken.json'),
      '{"IAB1-1": {"id": "Beverages", "name": "Beverages"',
    );
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('G TestCategoriesFetcher*: layout, publisher file, error texts', async () => {
  await withDir(async (dir) => {
    const f = createFileCategoryFetcher({ dir });
    assert.equal(await f.fetch('test', 'categories', 'IAB1-1'), 'Beverages');
    assert.equal(await f.fetch('test', '', 'IAB1-1'), 'VideoGames');
    assert.deepEqual(await f.lookup('test', '', 'IAB1-100'), {
      error: "Unable to find category for adserver 'test', publisherId: '', iab category: 'IAB1-100'",
    });
    assert.deepEqual(await f.lookup('test', 'broken', 'IAB1-100'), {
      error: "Unable to unmarshal categories for adserver: 'test', publisherId: 'broken'",
    });
    assert.deepEqual(await f.lookup('test', 'not_exists', 'IAB1-100'), {
      error: "Unable to find mapping file for adserver: 'test', publisherId: 'not_exists'",
    });
    assert.deepEqual(await f.lookup('nope', '', 'IAB1-100'), {
      error: "Category 'IAB1-100' not found for server: 'nope', publisherId: ''",
    });
    assert.equal(await f.fetch('test', 'not_exists', 'IAB1-1'), undefined);
  });
});

test('names that could leave the directory are never read', async () => {
  await withDir(async (dir) => {
    await writeFile(join(dir, 'secret.json'), '{"IAB1-1": {"id": "leak"}}');
    const f = createFileCategoryFetcher({ dir });
    for (const [adServer, publisher] of [
      ['test', '../../secret'],
      ['..', ''],
      ['test/..', ''],
      ['test', 'a/b'],
    ] as const) {
      const got = await f.lookup(adServer, publisher, 'IAB1-1');
      assert.ok('error' in got, `${adServer} ${publisher}`);
    }
  });
});

function countingReader(files: Record<string, string>) {
  const reads: string[] = [];
  const read = (adServer: string, fileName: string): Promise<CategoryFileRead> => {
    reads.push(`${adServer}/${fileName}`);
    const text = files[`${adServer}/${fileName}`];
    return Promise.resolve(text === undefined ? { missing: 'no-file' } : { text });
  };
  return { reads, read };
}

test('a file is read once, also under concurrent look-ups', async () => {
  const r = countingReader({ 'dfp/dfp_pub': '{"IAB1-5": {"id": "movies"}, "IAB2-1": {"id": "auto"}}' });
  const f = createCachedCategoryFetcher({ read: r.read });
  const got = await Promise.all([f.fetch('dfp', 'pub', 'IAB1-5'), f.fetch('dfp', 'pub', 'IAB2-1')]);
  assert.deepEqual(got, ['movies', 'auto']);
  assert.equal(await f.fetch('dfp', 'pub', 'IAB1-5'), 'movies');
  assert.deepEqual(r.reads, ['dfp/dfp_pub']);
});

test('the cache is bounded (least recently used file dropped)', async () => {
  const r = countingReader({ 'a/a': '{"X": {"id": "1"}}', 'b/b': '{"X": {"id": "2"}}' });
  const f = createCachedCategoryFetcher({ read: r.read, maxFiles: 1 });
  await f.fetch('a', '', 'X');
  await f.fetch('b', '', 'X');
  await f.fetch('a', '', 'X');
  assert.deepEqual(r.reads, ['a/a', 'b/b', 'a/a']);
});

test('missing files are remembered for the TTL; 0 re-reads; I/O failures are never cached', async () => {
  const cached = countingReader({});
  const f = createCachedCategoryFetcher({ read: cached.read, missingTtlMs: 60_000 });
  await f.fetch('a', '', 'X');
  await f.fetch('a', '', 'X');
  assert.equal(cached.reads.length, 1);
  const uncached = countingReader({});
  const g = createCachedCategoryFetcher({ read: uncached.read, missingTtlMs: 0 });
  await g.fetch('a', '', 'X');
  await g.fetch('a', '', 'X');
  assert.equal(uncached.reads.length, 2);
  let failures = 0;
  const h = createCachedCategoryFetcher({
    read: () => {
      failures++;
      return Promise.resolve({ failed: 'EACCES' });
    },
  });
  const got = await h.lookup('a', 'p', 'X');
  await h.lookup('a', 'p', 'X');
  assert.equal(failures, 2);
  assert.deepEqual(got, { error: "Unable to read categories for adserver: 'a', publisherId: 'p': EACCES" });
});

test('a reader that throws is a failure, not a rejection', async () => {
  const f = createCachedCategoryFetcher({
    read: () => {
      throw new Error('boom');
    },
  });
  assert.equal(await f.fetch('a', '', 'X'), undefined);
  assert.deepEqual(await f.lookup('a', '', 'X'), {
    error: "Unable to read categories for adserver: 'a', publisherId: '': Error: boom",
  });
});

test('parseCategoryFile: upstream format, tabs, null entries; wrong shapes are not mapping files', () => {
  const upstream =
    '{\n  "IAB1-1": {\n    "id": "404",\n    "name": "Publishing"\n  },\n\t"IAB1-2": {\n\t\t"id": "392"\n\t}\n}';
  assert.deepEqual(
    parseCategoryFile(upstream),
    new Map([
      ['IAB1-1', '404'],
      ['IAB1-2', '392'],
    ]),
  );
  assert.deepEqual(parseCategoryFile('{"A": null, "B": {}, "C": {"id": ""}}'), new Map());
  for (const bad of ['[]', '"x"', '{"A": 1}', '{"A": {"id": 5}}', '{"A": {"name": true}}', '{', '']) {
    assert.equal(parseCategoryFile(bad), undefined, bad);
  }
  assert.equal(categoryFileName('dfp', ''), 'dfp');
  assert.equal(categoryFileName('dfp', 'dfp'), 'dfp_dfp');
});

test('memory fetcher: same rules and texts as the file one', async () => {
  const f = createMemoryCategoryFetcher({
    freewheel: { freewheel: { 'IAB1-1': { id: '404' } }, freewheel_bad: '{' },
  });
  assert.equal(await f.fetch('freewheel', '', 'IAB1-1'), '404');
  assert.deepEqual(await f.lookup('freewheel', 'bad', 'IAB1-1'), {
    error: "Unable to unmarshal categories for adserver: 'freewheel', publisherId: 'bad'",
  });
  assert.deepEqual(await f.lookup('freewheel', 'x', 'IAB1-1'), {
    error: "Unable to find mapping file for adserver: 'freewheel', publisherId: 'x'",
  });
  assert.deepEqual(await f.lookup('dfp', '', 'IAB1-1'), {
    error: "Category 'IAB1-1' not found for server: 'dfp', publisherId: ''",
  });
  assert.deepEqual(await f.lookup('constructor', '', 'IAB1-1'), {
    error: "Category 'IAB1-1' not found for server: 'constructor', publisherId: ''",
  });
});

test('from config: disabled finds nothing; dir "" = <stored files dir>/categories', async () => {
  await withDir(async (dir) => {
    const config = { enabled: true, dir: '', 'cache-size': 10, 'missing-ttl-seconds': 0 };
    await mkdir(join(dir, 'categories', 'freewheel'), { recursive: true });
    await writeFile(join(dir, 'categories', 'freewheel', 'freewheel.json'), '{"IAB1-1": {"id": "404"}}');
    const f = createCategoryFetcherFromConfig({ config, storedFilesDir: dir });
    assert.equal(await f.fetch('freewheel', '', 'IAB1-1'), '404');
    const g = createCategoryFetcherFromConfig({ config: { ...config, dir }, storedFilesDir: '/nowhere' });
    assert.equal(await g.fetch('test', '', 'IAB1-1'), 'VideoGames');
    const off = createCategoryFetcherFromConfig({
      config: { ...config, enabled: false },
      storedFilesDir: dir,
    });
    assert.equal(await off.fetch('freewheel', '', 'IAB1-1'), undefined);
  });
});
