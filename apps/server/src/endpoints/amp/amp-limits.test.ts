// GET /openrtb2/amp with hostile input (chaos findings amp-source-origin-header, amp-long-tag-id-503):
// a source origin that cannot be a header value is a 400 naming the parameter, a bad Origin header is
// not echoed, and a tag_id too long for a file name is "not found" from the files source — never 5xx.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, bidFor, scriptedTransport, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';
import { createFilesSource } from '../../stored/files-source.js';
import type { StoredSource } from '../../stored/types.js';

const ampTag = {
  id: 'amp',
  site: { page: 'https://pub.example/amp' },
  imp: [{ id: 'slot-1', banner: { format: [{ w: 300, h: 250 }] }, ext: { core: { bidder: { alpha: {} } } } }],
};

async function ampApp(source: StoredSource) {
  return buildTestApp(
    testConfig({
      bidders: { alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner'] } } },
    }),
    { transport: scriptedTransport((req) => bidFor(req, 1)), storedSources: [source] },
  );
}

const HEADER = 'amp-access-control-allow-source-origin';

test('AMP: __amp_source_origin that cannot be a header value → 400 naming it, no header echoed', async () => {
  const app = await ampApp(createMemorySource({ 'amp-request': { tag1: JSON.stringify(ampTag) } }));
  try {
    for (const origin of ['https://пример.example', 'https://a.example/\u0001', '\u2028', '😀']) {
      const res = await app.publicApp.inject({
        method: 'GET',
        url: `/openrtb2/amp?tag_id=tag1&__amp_source_origin=${encodeURIComponent(origin)}`,
      });
      assert.equal(res.statusCode, 400, origin);
      assert.match(
        res.body,
        /^Invalid request: __amp_source_origin must be an origin of printable characters/,
      );
      assert.equal(res.headers[HEADER], undefined);
    }
    // A bad Origin header is not echoed either (route.ts); it cannot arrive over a socket (Node's
    // parser refuses control characters and reads bytes as Latin-1), and inject() would first meet
    // the CORS hook, which echoes Origin as it is (packages/common/src/http/cors.ts).
    const good = await app.publicApp.inject({
      method: 'GET',
      url: '/openrtb2/amp?tag_id=tag1',
      headers: { origin: 'https://news.example' },
    });
    assert.equal(good.statusCode, 200);
    assert.equal(good.headers[HEADER], 'https://news.example');
  } finally {
    await app.closeResources();
  }
});

test('AMP over the files source: a 1,006-character or path-like tag_id is not found (400), not a 503', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-amp-files-'));
  const app = await ampApp(createFilesSource(dir));
  try {
    for (const tag of ['t'.repeat(1006), '../../etc/passwd', '..']) {
      const res = await app.publicApp.inject({
        method: 'GET',
        url: `/openrtb2/amp?tag_id=${encodeURIComponent(tag)}`,
      });
      assert.equal(res.statusCode, 400, `${tag.slice(0, 20)}: ${res.body.slice(0, 120)}`);
      assert.match(res.body, /No AMP config found for tag_id/);
    }
  } finally {
    await app.closeResources();
    await rm(dir, { recursive: true, force: true });
  }
});
