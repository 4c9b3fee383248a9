import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFilesSource } from './files-source.js';
import { bundledStoredDataDir } from './create-stored-data.js';

async function withDir(fn: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-stored-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('files: many ids at once, found / not found / broken JSON, responses stay raw text', async () => {
  await withDir(async (dir) => {
    await mkdir(join(dir, 'stored_imps'));
    await mkdir(join(dir, 'stored_responses'));
    await writeFile(join(dir, 'stored_imps', 'a.json'), '{"id":"a"}');
    await writeFile(join(dir, 'stored_imps', 'bad.json'), '{"id": "x" "y": 1}');
    await writeFile(join(dir, 'stored_responses', 'r.json'), '[{"seat":"s","bid":[]}]');
    const files = createFilesSource(dir);
    const imps = await files.fetch('imp', ['a', 'missing', 'bad', 'a']);
    assert.deepEqual(imps.found.get('a'), { id: 'a' });
    assert.equal(imps.found.size, 1);
    const reasons = Object.fromEntries(imps.errors.map((e) => [e.id, e.reason]));
    assert.deepEqual(reasons, { missing: 'not-found', bad: 'invalid-json' });
    const responses = await files.fetch('response', ['r']);
    assert.equal(responses.found.get('r'), '[{"seat":"s","bid":[]}]');
  });
});

test('files: ids cannot leave the kind directory; a missing kind directory means not found', async () => {
  await withDir(async (dir) => {
    await writeFile(join(dir, 'secret.json'), '{}');
    const files = createFilesSource(dir);
    const r = await files.fetch('request', ['../secret', '..', 'x/y']);
    assert.equal(r.found.size, 0);
    assert.deepEqual(
      r.errors.map((e) => e.reason),
      ['not-found', 'not-found', 'not-found'],
    );
  });
});

test('files: a directory filled after start is served (read on demand)', async () => {
  await withDir(async (dir) => {
    const files = createFilesSource(dir);
    assert.equal((await files.fetch('account', ['acc'])).found.size, 0);
    await mkdir(join(dir, 'accounts'));
    await writeFile(join(dir, 'accounts', 'acc.json'), '{"disabled":true}');
    assert.deepEqual((await files.fetch('account', ['acc'])).found.get('acc'), { disabled: true });
  });
});

test('files: the bundled examples are valid and AMP tag ids resolve to stored requests', async () => {
  const files = createFilesSource(bundledStoredDataDir());
  const amp = await files.fetch('amp-request', ['example-amp']);
  assert.equal(amp.errors.length, 0);
  assert.equal((amp.found.get('example-amp') as { imp: unknown[] }).imp.length, 1);
  const imps = await files.fetch('imp', ['example-banner-imp', 'example-stored-response-imp']);
  assert.equal(imps.found.size, 2);
  assert.equal((await files.fetch('account', ['example-publisher'])).found.size, 1);
  assert.equal(
    (await files.fetch('response', ['example-auction-response', 'example-bid-response'])).found.size,
    2,
  );
});

test('files: an id that cannot be a file name (too long, a directory) is not found; unreadable is an outage', async () => {
  await withDir(async (dir) => {
    await mkdir(join(dir, 'stored_requests'));
    await mkdir(join(dir, 'stored_requests', 'dir.json'));
    await writeFile(join(dir, 'stored_requests', 'locked.json'), '{}', { mode: 0o000 });
    const files = createFilesSource(dir);
    const long = 't'.repeat(1006);
    const r = await files.fetch('amp-request', [long, 'dir', '..\\..\\x', '.', '%2e%2e']);
    assert.equal(r.found.size, 0);
    assert.deepEqual(
      r.errors.map((e) => e.reason),
      ['not-found', 'not-found', 'not-found', 'not-found', 'not-found'],
    );
    // root reads any file: the permission case only where the mode is honoured.
    if (process.getuid?.() !== 0) {
      const locked = await files.fetch('request', ['locked']);
      assert.deepEqual(
        locked.errors.map((e) => [e.reason, e.detail]),
        [['unavailable', 'EACCES']],
      );
    }
  });
});
