import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAmpStoredRequest } from './amp-request.js';
import { createMemorySource } from './memory-source.js';

const store = createMemorySource({
  'amp-request': {
    good: JSON.stringify({ id: 'a', site: { page: 'p' }, imp: [{ id: 'i', banner: {} }] }),
    two: JSON.stringify({ imp: [{}, {}] }),
    none: JSON.stringify({ site: {} }),
    app: JSON.stringify({ imp: [{}], app: {} }),
    broken: '{"imp": [',
  },
});

test('AMP stored requests: one imp, no app; each failure has its contract message', async () => {
  const good = await loadAmpStoredRequest(store, 'good');
  assert.ok(good.ok);
  assert.equal(good.request.imp.length, 1);
  const cases: [string | undefined, RegExp][] = [
    [undefined, /^AMP requests require an AMP tag_id$/],
    ['missing', /^No AMP config found for tag_id 'missing'\.$/],
    ['two', /^data for tag_id 'two' includes 2 imp elements\. Only one is allowed$/],
    ['none', /^data for tag_id='none' does not define the required imp array$/],
    ['app', /^request\.app must not exist in AMP stored requests\.$/],
    ['broken', /Invalid JSON Document/],
  ];
  for (const [tag, message] of cases) {
    const r = await loadAmpStoredRequest(store, tag);
    assert.ok(!r.ok, String(tag));
    assert.match(r.error, message);
  }
});
