// POST/GET /cache over fastify inject(): batches, limits, keys, content types, routes, metrics.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { request } from 'undici';
import { buildTestApp, testIdPrefix, type TestApp } from './test-app.testkit.js';

type PutAnswer = { responses: { uuid: string }[] };

const post = (app: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  app.publicApp.inject({
    method: 'POST',
    url: '/cache',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const get = (app: TestApp, uuid: string) =>
  app.publicApp.inject({ method: 'GET', url: `/cache?uuid=${encodeURIComponent(uuid)}` });

/** Builds apps for the tests of one describe block, and closes them after it. */
function appMaker(): (config?: unknown) => Promise<TestApp> {
  const apps: TestApp[] = [];
  after(() => Promise.all(apps.map((a) => a.close())));
  return async (config: unknown = {}) => {
    const app = await buildTestApp(config);
    apps.push(app);
    return app;
  };
}

describe('POST /cache then GET /cache', () => {
  const make = appMaker();

  it('stores json and xml puts and serves them with their content type', async () => {
    const app = await make();
    const res = await post(app, {
      puts: [
        { type: 'json', value: { adm: '<div/>', price: 1.5 } },
        { type: 'xml', value: '<VAST version="3.0"></VAST>', ttlseconds: 60 },
      ],
    });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const [j, x] = res.json<PutAnswer>().responses;
    assert.ok(j && x && j.uuid.length === 36 && x.uuid.length === 36 && j.uuid !== x.uuid);
    const gj = await get(app, j.uuid);
    assert.equal(gj.statusCode, 200);
    assert.match(String(gj.headers['content-type']), /^application\/json/);
    assert.equal(gj.body, '{"adm":"<div/>","price":1.5}');
    const gx = await get(app, x.uuid);
    assert.equal(gx.statusCode, 200);
    assert.match(String(gx.headers['content-type']), /^application\/xml/);
    assert.equal(gx.body, '<VAST version="3.0"></VAST>');
  });

  it('accepts the text/plain bodies Prebid.js sends, and an empty puts list', async () => {
    const app = await make();
    const res = await post(app, { puts: [{ type: 'json', value: 1 }] }, { 'content-type': 'text/plain' });
    assert.equal(res.statusCode, 200);
    const empty = await post(app, { puts: [] });
    assert.deepEqual(empty.json(), { responses: [] });
  });
});

describe('POST /cache then GET /cache: invalid puts', () => {
  const make = appMaker();

  it('rejects a batch with one invalid put: 400 naming index and field, nothing stored', async () => {
    const app = await make({ 'request-limits': { 'allow-setting-keys': true } });
    const res = await post(app, {
      puts: [
        { type: 'json', value: 1, key: 'key-of-a-valid-put' },
        { type: 'html', value: '<p/>' },
      ],
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.body, `puts[1].type: Type must be one of ["json", "xml"]. Found 'html'\n`);
    assert.equal((await get(app, 'key-of-a-valid-put')).statusCode, 404);
  });

  it('names the field of each kind of bad put', async () => {
    const app = await make();
    const cases: [unknown, string][] = [
      [{ type: 'json' }, 'puts[0].value: Missing value.'],
      [{ type: 'xml', value: 5 }, 'puts[0].value: XML messages must have a String value. Found 5'],
      [{ type: 'xml', value: 'just text' }, 'puts[0].value: XML value has no markup (no tag found)'],
      [{ type: 'json', value: 1, ttlseconds: -3 }, 'puts[0].ttlseconds: ttlseconds must not be negative -3.'],
      [{ type: 'json', value: 1, ttlseconds: 'x' }, 'puts[0].ttlseconds: ttlseconds must be an integer.'],
      ['nope', 'puts[0]: puts[0] must be an object'],
    ];
    for (const [put, message] of cases) {
      const res = await post(app, { puts: [put] });
      assert.equal(res.statusCode, 400, message);
      assert.equal(res.body, `${message}\n`);
    }
    assert.equal((await post(app, '{"puts": [')).statusCode, 400);
    assert.equal((await post(app, { puts: 'x' })).body, 'puts: puts must be an array\n');
    // A key garbled into another one (valid JSON): the body is said to lack puts.
    assert.equal((await post(app, '{"pu//ts":[]}')).body, 'puts: the request body has no "puts" array\n');
  });
});

describe('POST /cache then GET /cache: limits', () => {
  const make = appMaker();

  it('a json value nested ~20,000 deep is a 400 naming it, not a stack overflow (chaos cache-deep-json)', async () => {
    const app = await make({ 'request-limits': { 'max-num-values': 2 } });
    for (const deep of [
      '['.repeat(20_000) + ']'.repeat(20_000),
      '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
    ]) {
      const res = await post(app, `{"puts":[{"type":"json","value":1},{"type":"json","value":${deep}}]}`);
      assert.equal(res.statusCode, 400);
      assert.match(
        res.body,
        /^puts\[1\]\.value: puts\[1\]\.value(\[0\]\[0\]\[0\]\[0\]|\.a\.a\.a\.a) is nested too deeply to be stored\n$/,
      );
    }
    const deep = '{"hello":' + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_001);
    for (const [put, field] of <[string, string][]>[
      [`{"type":"json","value":${deep}}`, 'puts[0].value.hello.a.a.a'],
      [`{"type":"xml","value":${deep}}`, 'puts[0].value.hello.a.a.a'],
      [`{"type":${deep},"value":1}`, 'puts[0].type.hello.a.a.a'],
    ]) {
      const res = await post(app, `{"puts":[${put}]}`);
      assert.equal(res.statusCode, 400, field);
      assert.match(
        res.body,
        new RegExp(
          `^puts\\[0\\]\\.(value|type): ${field.replaceAll('.', '\\.').replaceAll('[', '\\[').replaceAll(']', '\\]')} is nested too deeply`,
        ),
      );
    }
  });

  it('enforces max puts and max size for the whole batch', async () => {
    const app = await make({ 'request-limits': { 'max-num-values': 2, 'max-size-bytes': 20 } });
    const three = await post(app, { puts: [1, 2, 3].map((v) => ({ type: 'json', value: v })) });
    assert.equal(three.statusCode, 400);
    assert.equal(three.body, 'puts: More keys than allowed: 2\n');
    const big = await post(app, {
      puts: [
        { type: 'json', value: 1 },
        { type: 'xml', value: '<a>0123456789abcdef</a>' },
      ],
    });
    assert.equal(big.statusCode, 400);
    assert.equal(
      big.body,
      'puts[1].value: POST /cache element 1 exceeded max size: Payload size 26 exceeded max 20\n',
    );
    // The ids handed to the rejected batch (sequential: ...0 and ...1) hold nothing.
    for (const n of ['0', '1']) assert.equal((await get(app, `${testIdPrefix}${n}`)).statusCode, 404);
  });
});

describe('POST /cache then GET /cache: TTLs and keys', () => {
  const make = appMaker();

  it('clamps TTLs to the maximum and applies the default TTL', async () => {
    const app = await make({ 'request-limits': { 'max-ttl-seconds': 60, 'default-ttl-seconds': 30 } });
    const res = await post(app, {
      puts: [
        { type: 'json', value: 'long', ttlseconds: 100000 },
        { type: 'json', value: 'default' },
      ],
    });
    const [long, dflt] = res.json<PutAnswer>().responses;
    app.clock.advance(31_000);
    assert.equal((await get(app, dflt?.uuid ?? '')).statusCode, 404);
    assert.equal((await get(app, long?.uuid ?? '')).statusCode, 200);
    app.clock.advance(30_000);
    assert.equal((await get(app, long?.uuid ?? '')).statusCode, 404);
  });

  it('honours custom keys only when allowed, never overwriting an existing key', async () => {
    const withKeys = await make({ 'request-limits': { 'allow-setting-keys': true } });
    const first = await post(withKeys, { puts: [{ type: 'xml', value: '<a/>', key: 'my-key' }] });
    assert.deepEqual(first.json(), { responses: [{ uuid: 'my-key' }] });
    const again = await post(withKeys, {
      puts: [
        { type: 'xml', value: '<b/>', key: 'my-key' },
        { type: 'xml', value: '<c/>', key: 'other-key' },
      ],
    });
    assert.deepEqual(again.json(), { responses: [{ uuid: '' }, { uuid: 'other-key' }] });
    assert.equal((await get(withKeys, 'my-key')).body, '<a/>');

    const noKeys = await make();
    const ignored = await post(noKeys, { puts: [{ type: 'xml', value: '<a/>', key: 'my-key' }] });
    assert.notEqual(ignored.json<PutAnswer>().responses[0]?.uuid, 'my-key');
  });
});

describe('POST /cache then GET /cache: GET answers', () => {
  const make = appMaker();

  it('GET: 400 without uuid, 404 for a wrong length or an unknown id', async () => {
    const app = await make();
    const missing = await app.publicApp.inject({ method: 'GET', url: '/cache' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.body, 'GET /cache: Missing required parameter uuid\n');
    assert.equal((await get(app, '')).statusCode, 400);
    const short = await get(app, 'abc');
    assert.equal(short.statusCode, 404);
    assert.equal(short.body, 'GET /cache uuid=abc: invalid uuid length\n');
    const unknown = await get(app, '11111111-2222-4333-8444-555555555555');
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /Key not found/);
  });

  it('GET is open to any origin (CORS), creatives are fetched cross-origin', async () => {
    const app = await make();
    const res = await app.publicApp.inject({
      method: 'GET',
      url: '/cache?uuid=11111111-2222-4333-8444-555555555555',
      headers: { origin: 'https://publisher.example' },
    });
    assert.equal(res.headers['access-control-allow-origin'], 'https://publisher.example');
  });
});

describe('POST /cache then GET /cache: ports, metrics and sockets', () => {
  const make = appMaker();

  it('with public writes off, POST /cache is served by the admin port only', async () => {
    const app = await make({ routes: { 'allow-public-write': false } });
    assert.equal((await post(app, { puts: [{ type: 'json', value: 1 }] })).statusCode, 404);
    const admin = await app.adminApp.inject({
      method: 'POST',
      url: '/cache',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ puts: [{ type: 'json', value: 1 }] }),
    });
    assert.equal(admin.statusCode, 200);
    const uuid = admin.json<PutAnswer>().responses[0]?.uuid ?? '';
    assert.equal((await get(app, uuid)).body, '1');
  });

  it('exposes put/get/hit/miss/bytes/latency metrics on the admin port', async () => {
    const app = await make();
    const res = await post(app, { puts: [{ type: 'json', value: 'abc' }] });
    await get(app, res.json<PutAnswer>().responses[0]?.uuid ?? '');
    await get(app, '11111111-2222-4333-8444-555555555555');
    const text = (await app.adminApp.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(text, /gavel_cache_puts_total\{backend="memory",result="stored"\} 1/);
    assert.match(text, /gavel_cache_gets_total\{backend="memory",result="hit"\} 1/);
    assert.match(text, /gavel_cache_gets_total\{backend="memory",result="miss"\} 1/);
    assert.match(text, /gavel_cache_put_bytes_total\{backend="memory",type="json"\} 5/);
    assert.match(text, /gavel_cache_backend_duration_seconds_count\{backend="memory",op="put"\} 1/);
  });

  it('serves over a real socket', async () => {
    const app = await make();
    const address = await app.publicApp.listen({ port: 0, host: '127.0.0.1' });
    const put = await request(`${address}/cache`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ puts: [{ type: 'xml', value: '<VAST/>' }] }),
    });
    assert.equal(put.statusCode, 200);
    const { responses } = (await put.body.json()) as PutAnswer;
    const got = await request(`${address}/cache?uuid=${responses[0]?.uuid ?? ''}`);
    assert.equal(got.statusCode, 200);
    assert.equal(await got.body.text(), '<VAST/>');
  });
});
