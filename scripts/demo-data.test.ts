// The bundled demo data is consistent: every example request of apps/server/stored-data/examples/
// demo.sh (the file README.md points to; its curl lines are the README's) answers 200 without any
// `errors`, with the hb_* targeting its `# expect` line names, and every hb_cache_id (and cache URL)
// resolves in the cache service — in both ext namespaces, with the services configured as `npm start`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  cacheUrls,
  DEMO_SCRIPT,
  findErrors,
  readExamples,
  send,
  startDemoServices,
  targetingSets,
  type DemoServices,
  type Namespace,
} from './demo-data.testkit.js';

const examples = readExamples();

test('demo.sh lists the auction, stored bid response, AMP and video examples', () => {
  const paths = examples.map((e) => e.path.split('?')[0]);
  assert.deepEqual(paths, ['/openrtb2/auction', '/openrtb2/auction', '/openrtb2/amp', '/openrtb2/video']);
  for (const e of examples) assert.ok(Object.keys(e.expect).length > 0, `no # expect line for ${e.line}`);
});

test("README.md points to demo.sh and each of its example curl lines is one of demo.sh's", () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  assert.ok(readme.includes(DEMO_SCRIPT), `README.md does not mention ${DEMO_SCRIPT}`);
  const lines = readme
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l.startsWith('curl ') && l.includes('localhost:8000/openrtb2/'));
  assert.ok(lines.length > 0);
  const known = new Set(examples.map((e) => e.line));
  for (const l of lines) assert.ok(known.has(l), `README curl line not in ${DEMO_SCRIPT}: ${l}`);
});

async function checkCached(services: DemoServices, cacheId: unknown, what: string): Promise<void> {
  assert.equal(typeof cacheId, 'string', `${what}: hb_cache_id`);
  const res = await fetch(`${services.cacheOrigin}/cache?uuid=${String(cacheId)}`);
  const body = await res.text();
  assert.equal(res.status, 200, `${what}: cache id ${String(cacheId)} does not resolve: ${body}`);
  assert.ok(body.length > 0);
}

for (const ns of ['core', 'prebid'] as const satisfies readonly Namespace[]) {
  describe(`demo examples, ext.${ns}`, () => {
    let services: DemoServices;
    before(async () => {
      services = await startDemoServices(ns);
    });
    after(async () => {
      await services?.close();
    });

    for (const example of examples) {
      test(example.line.slice(0, 110), async () => {
        const { status, body } = await send(example, services.origin);
        const text = JSON.stringify(body);
        assert.equal(status, 200, text);
        assert.deepEqual(findErrors(body), [], text);
        const sets = targetingSets(body, ns);
        assert.ok(sets.length > 0, `no targeting: ${text}`);
        for (const set of sets) {
          for (const [key, value] of Object.entries(example.expect))
            assert.equal(set[key], value, `${key}: ${text}`);
          await checkCached(services, set['hb_cache_id'], example.line);
        }
        for (const url of cacheUrls(body, ns)) {
          const res = await fetch(url);
          assert.equal(res.status, 200, `cache URL ${url} given to callers does not resolve`);
        }
      });
    }
  });
}
