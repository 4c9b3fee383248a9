// GET /openrtb2/amp through createApp with inject(): own stored data in memory, a scripted bidder and
// a cache stub. Covers the request built for bidders, the AMP body, headers and the 400 answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, bidFor, scriptedTransport, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';
import type { CacheTransport } from '../../cache-client/cache-client.js';

const bidders = { alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner'] } } };

const ampTag = {
  id: '{{UUID}}',
  site: { page: 'https://pub.example/amp' },
  imp: [
    {
      id: 'slot-1',
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { core: { bidder: { alpha: { zone: 1 } } }, data: { section: 'news' } },
    },
  ],
};

const tables = {
  'amp-request': {
    tag1: JSON.stringify(ampTag),
    two: JSON.stringify({ id: 'x', imp: [{ id: 'a' }, { id: 'b' }] }),
    withapp: JSON.stringify({ id: 'x', app: {}, imp: [{ id: 'a' }] }),
    noimp: JSON.stringify({ id: 'x' }),
    invalid: JSON.stringify({
      id: 'x',
      site: { page: 'https://p.example' },
      imp: [{ id: 'a', banner: { format: [{ w: 1, h: 1 }] }, ext: { core: { bidder: { nobody: {} } } } }],
    }),
  },
};

const cacheStub: CacheTransport = async (body) => {
  const n = (JSON.parse(body) as { puts: unknown[] }).puts.length;
  return {
    status: 200,
    body: JSON.stringify({ responses: Array.from({ length: n }, (_v, i) => ({ uuid: `c${i}` })) }),
  };
};

async function ampApp(price = 2.13) {
  const transport = scriptedTransport((req) => bidFor(req, price));
  const app = await buildTestApp(
    testConfig({
      bidders,
      cache: { 'public-host': 'cache.example', 'public-path': '/cache' },
      amp: { 'timeout-adjustment-ms': 100 },
    }),
    { transport, storedSources: [createMemorySource(tables)], cacheTransport: cacheStub },
  );
  return { app, transport };
}

test('AMP: stored tag + query → one auction; cached winner targeting in the AMP body; AMP CORS headers', async () => {
  const { app, transport } = await ampApp();
  try {
    const targeting = encodeURIComponent(JSON.stringify({ kw: 'sport' }));
    const res = await app.publicApp.inject({
      method: 'GET',
      url: `/openrtb2/amp?tag_id=tag1&w=320&h=50&slot=%2F1234%2Famp&curl=https%3A%2F%2Fnews.example%3A8443%2Fa&account=acc-9&timeout=600&targeting=${targeting}&consent_string=1YNN&__amp_source_origin=https%3A%2F%2Fnews.example`,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['amp-access-control-allow-source-origin'], 'https://news.example');
    assert.equal(res.headers['access-control-expose-headers'], 'AMP-Access-Control-Allow-Source-Origin');
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    const body = res.json<{ targeting: Record<string, string>; ortb2: { ext: Record<string, unknown> } }>();
    assert.deepEqual(body.targeting, {
      hb_bidder: 'alpha',
      hb_bidder_alpha: 'alpha',
      hb_cache_host: 'cache.example',
      hb_cache_host_alpha: 'cache.example',
      hb_cache_id: 'c0',
      hb_cache_id_alpha: 'c0',
      hb_cache_path: '/cache',
      hb_cache_path_alpha: '/cache',
      hb_env: 'amp',
      hb_env_alpha: 'amp',
      hb_pb: '2.10',
      hb_pb_alpha: '2.10',
      hb_size: '300x250',
      hb_size_alpha: '300x250',
    });
    assert.deepEqual(Object.keys(body), ['targeting', 'ortb2']);

    const sent = JSON.parse(transport.sent[0]?.body ?? '{}');
    assert.notEqual(sent.id, '{{UUID}}');
    assert.equal(sent.tmax > 0 && sent.tmax <= 500, true, `tmax ${sent.tmax}`);
    assert.deepEqual(sent.site.page, 'https://news.example:8443/a');
    assert.deepEqual(sent.site.domain, 'news.example');
    assert.deepEqual(sent.site.publisher, { id: 'acc-9' });
    assert.equal(sent.site.ext.amp, 1);
    const imp = sent.imp[0];
    assert.equal(imp.secure, 1);
    assert.equal(imp.tagid, '/1234/amp');
    assert.deepEqual(imp.banner.format, [{ w: 320, h: 50 }]);
    assert.deepEqual(imp.ext.data, { section: 'news', kw: 'sport' });
    assert.equal(sent.regs.ext.us_privacy, '1YNN');
  } finally {
    await app.closeResources();
  }
});

test('AMP: request warnings go to ortb2.ext.warnings.general; the Origin header is echoed', async () => {
  const { app } = await ampApp();
  try {
    const res = await app.publicApp.inject({
      method: 'GET',
      url: '/openrtb2/amp?tag_id=tag1&consent_string=not-a-consent&targeting=%7Bbroken',
      headers: { origin: 'https://page.example' },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['amp-access-control-allow-source-origin'], 'https://page.example');
    const warnings = res.json<{ ortb2: { ext: { warnings: { general: { code: number }[] } } } }>().ortb2.ext
      .warnings.general;
    assert.deepEqual(
      warnings.map((w) => w.code),
      [10999, 10001],
    );
  } finally {
    await app.closeResources();
  }
});

test('AMP: no cached bid → empty targeting (AMP can only render cached creatives)', async () => {
  const transport = scriptedTransport(() => ({ kind: 'timeout' }));
  const app = await buildTestApp(testConfig({ bidders }), {
    transport,
    storedSources: [createMemorySource(tables)],
    cacheTransport: cacheStub,
  });
  try {
    const res = await app.publicApp.inject({ method: 'GET', url: '/openrtb2/amp?tag_id=tag1' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{ targeting: object; ortb2: { ext: { errors?: Record<string, unknown> } } }>();
    assert.deepEqual(body.targeting, {});
    assert.ok(body.ortb2.ext.errors?.['alpha'], res.body);
  } finally {
    await app.closeResources();
  }
});

test('AMP: loading and validation problems → 400 `Invalid request:` lines', async () => {
  const { app } = await ampApp();
  try {
    const cases: [string, string][] = [
      ['', 'Invalid request: AMP requests require an AMP tag_id\n'],
      ['tag_id=missing', "Invalid request: No AMP config found for tag_id 'missing'.\n"],
      ['tag_id=two', "Invalid request: data for tag_id 'two' includes 2 imp elements. Only one is allowed\n"],
      ['tag_id=withapp', 'Invalid request: request.app must not exist in AMP stored requests.\n'],
      ['tag_id=noimp', "Invalid request: data for tag_id='noimp' does not define the required imp array\n"],
      ['tag_id=tag1&timeout=abc', "Invalid request: timeout must be a non-negative integer, got 'abc'\n"],
      [
        'tag_id=tag1&gdpr_applies=maybe',
        `Invalid request: gdpr_applies must be "true" or "false", got 'maybe'\n`,
      ],
    ];
    for (const [query, expected] of cases) {
      const res = await app.publicApp.inject({ method: 'GET', url: `/openrtb2/amp?${query}` });
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.body, expected, query);
    }
    const invalid = await app.publicApp.inject({ method: 'GET', url: '/openrtb2/amp?tag_id=invalid' });
    assert.equal(invalid.statusCode, 400);
    assert.match(invalid.body, /^Invalid request: .*nobody/);
  } finally {
    await app.closeResources();
  }
});
