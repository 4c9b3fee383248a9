import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { buildTestApp, bidFor, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';

const bidders = {
  alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner', 'video'], app: ['banner'] } },
  beta: { endpoint: 'http://beta.test/bid', capabilities: { site: ['banner'] } },
};

function request(extra: Record<string, unknown> = {}) {
  return {
    id: 'req-1',
    site: { page: 'https://pub.example/page', publisher: { id: 'pub-1' } },
    imp: [
      {
        id: 'imp-1',
        banner: { format: [{ w: 300, h: 250 }] },
        ext: { core: { bidder: { alpha: { zone: 1 } } } },
      },
    ],
    tmax: 500,
    ...extra,
  };
}

test('POST /openrtb2/auction: bids of a host-declared bidder come back with the contract ext shape', async () => {
  const transport = scriptedTransport((req) => bidFor(req, 1.5, { ext: { own: 'kept' } }));
  const app = await buildTestApp(testConfig({ bidders }), { transport });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request() });
  assert.equal(res.statusCode, 200);
  // Sent as a Buffer: same type and an exact length as when it was sent as a string.
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.body));
  const body = res.json();
  assert.equal(body.id, 'req-1');
  assert.equal(body.cur, 'USD');
  assert.equal(body.seatbid.length, 1);
  assert.equal(body.seatbid[0].seat, 'alpha');
  const bid = body.seatbid[0].bid[0];
  assert.equal(bid.price, 1.5);
  assert.deepEqual(bid.ext, {
    own: 'kept',
    origbidcpm: 1.5,
    origbidcur: 'USD',
    core: { type: 'banner', meta: { adaptercode: 'alpha' } },
  });
  assert.equal(body.ext.tmaxrequest, 500);
  assert.equal(typeof body.ext.responsetimemillis.alpha, 'number');
  assert.equal(transport.sent[0]?.uri, 'http://alpha.test/bid');
  const sentBody = JSON.parse(transport.sent[0]?.body ?? '{}');
  assert.deepEqual(sentBody.imp[0].ext.bidder, { zone: 1 });
  await app.closeResources();
});

test('text/plain, no content type, Content-Encoding gzip and ?gzip=1 bodies are all accepted', async () => {
  const transport = scriptedTransport((req) => bidFor(req, 1));
  const app = await buildTestApp(testConfig({ bidders }), { transport });
  const json = JSON.stringify(request());
  const variants = [
    { headers: { 'content-type': 'text/plain' }, payload: json },
    { headers: {}, payload: json },
    { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: gzipSync(json) },
  ];
  for (const v of variants) {
    const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', ...v });
    assert.equal(res.statusCode, 200, res.body);
  }
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction?gzip=1',
    headers: { 'content-type': 'text/plain' },
    payload: gzipSync(json),
  });
  assert.equal(res.statusCode, 200, res.body);
  await app.closeResources();
});

test('bodies over the limit → 413, also when they only grow that big once inflated', async () => {
  const app = await buildTestApp(testConfig({ bidders, 'max-request-size': 2000 }), {
    transport: scriptedTransport(() => ({ kind: 'timeout' })),
  });
  const big = JSON.stringify(request({ pad: 'x'.repeat(5000) }));
  const plain = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: { 'content-type': 'application/json' },
    payload: big,
  });
  assert.equal(plain.statusCode, 413);
  const zipped = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: gzipSync(big),
  });
  assert.equal(zipped.statusCode, 413);
  await app.closeResources();
});

test('malformed JSON → 400 Invalid request line naming the problem', async () => {
  const app = await buildTestApp(testConfig({ bidders }));
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: 'malformed' });
  assert.equal(res.statusCode, 400);
  assert.match(res.body, /^Invalid request: expect \{ or n, but found m\n$/);
  const broken = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: '{"id": ' });
  assert.equal(broken.statusCode, 400);
  assert.match(broken.body, /^Invalid request: error decoding request body/);
  await app.closeResources();
});

test('blocked app, blocked account and account-required → 503 with one line each', async () => {
  const app = await buildTestApp(
    testConfig({ bidders, auction: { 'blocked-apps': ['spam_app'], 'blocked-accounts': ['bad-pub'] } }),
  );
  const appReq = request({ site: undefined, app: { id: 'spam_app', bundle: 'x' } });
  const a = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: appReq });
  assert.equal(a.statusCode, 503);
  assert.equal(a.body, 'Invalid request: Prebid-server does not process requests from App ID: spam_app\n');
  const b = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request({ site: { page: 'p', publisher: { id: 'bad-pub' } } }),
  });
  assert.equal(b.statusCode, 503);
  assert.match(b.body, /has blocklisted Account ID: bad-pub/);
  await app.closeResources();

  const strict = await buildTestApp(testConfig({ bidders, auction: { 'account-required': true } }));
  const c = await strict.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request({ site: { page: 'p' } }),
  });
  assert.equal(c.statusCode, 400, 'a missing account id is bad input (G), not a blocked caller');
  assert.match(c.body, /discard requests without a valid Account ID/);
  await strict.closeResources();
});

test('host default request is merged under the request; broken default JSON → 400 Invalid JSON Document', async () => {
  const transport = scriptedTransport((req) => bidFor(req, 2));
  const def = JSON.stringify({ tmax: 321, ext: { core: { debug: true } } });
  const app = await buildTestApp(testConfig({ bidders, auction: { 'default-request': def } }), { transport });
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request({ tmax: undefined }),
  });
  assert.equal(res.statusCode, 200);
  const body = res.json();
  assert.equal(body.ext.tmaxrequest, 321);
  assert.equal(body.ext.debug.resolvedrequest.tmax, 321);
  assert.equal(body.ext.debug.httpcalls.alpha.length, 1);
  await app.closeResources();

  const broken = await buildTestApp(testConfig({ bidders, auction: { 'default-request': '{nope' } }));
  const bad = await broken.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request() });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.body, 'Invalid request: Invalid JSON Document\n');
  await broken.closeResources();
});

test('bidder failures cost only their own bids: timeout → 1, non-2xx → 3, 204 → nothing', async () => {
  const transport = scriptedTransport((req) => {
    if (req.uri.includes('alpha')) return bidFor(req, 1);
    if (req.uri.includes('beta')) return jsonResponse(500, 'oops');
    if (req.uri.includes('gamma')) return { kind: 'timeout' };
    return jsonResponse(204, '');
  });
  const app = await buildTestApp(
    testConfig({
      bidders: {
        ...bidders,
        gamma: { endpoint: 'http://gamma.test/', capabilities: { site: ['banner'] } },
        delta: { endpoint: 'http://delta.test/', capabilities: { site: ['banner'] } },
      },
    }),
    { transport },
  );
  const imp = {
    id: 'imp-1',
    banner: { format: [{ w: 300, h: 250 }] },
    ext: { core: { bidder: { alpha: {}, beta: {}, gamma: {}, delta: {} } } },
  };
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: request({ imp: [imp] }),
  });
  assert.equal(res.statusCode, 200);
  const body = res.json();
  assert.deepEqual(
    body.seatbid.map((s: { seat: string }) => s.seat),
    ['alpha'],
  );
  assert.equal(body.ext.errors.beta[0].code, 3);
  assert.match(body.ext.errors.beta[0].message, /failure status: 500/);
  assert.equal(body.ext.errors.gamma[0].code, 1);
  assert.equal(body.ext.errors.delta, undefined);
  assert.deepEqual(Object.keys(body.ext.responsetimemillis).sort(), ['alpha', 'beta', 'delta', 'gamma']);
  await app.closeResources();
});

test('no bids at all: seatbid is an empty array and cur is omitted', async () => {
  const app = await buildTestApp(testConfig({ bidders }), {
    transport: scriptedTransport(() => jsonResponse(204, '')),
  });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: request() });
  const body = res.json();
  assert.deepEqual(body.seatbid, []);
  assert.equal(body.cur, undefined);
  await app.closeResources();
});

test('prebid namespace: ext.prebid is read and written', async () => {
  const transport = scriptedTransport((req) => bidFor(req, 1));
  const app = await buildTestApp(testConfig({ bidders, 'ext-namespace': 'prebid' }), { transport });
  const payload = request({
    imp: [
      { id: 'imp-1', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } },
    ],
  });
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload });
  const bid = res.json().seatbid[0].bid[0];
  assert.deepEqual(bid.ext.prebid, { type: 'banner', meta: { adaptercode: 'alpha' } });
  assert.equal(typeof res.json().ext.prebid.auctiontimestamp, 'number');
  await app.closeResources();
});

test('a disabled stored account → 503, a malformed one → 500, both in the Invalid request line format', async () => {
  const accounts: Record<string, unknown> = { off: { disabled: true }, broken: { disabled: 'sometimes' } };
  const storedSources = [
    {
      async fetch(kind: string, ids: readonly string[]) {
        const found = new Map<string, unknown>();
        const errors = [];
        for (const id of ids) {
          if (kind === 'account' && accounts[id]) found.set(id, accounts[id]);
          else errors.push({ kind: kind as 'account', id, reason: 'not-found' as const, detail: '' });
        }
        return { found, errors };
      },
    },
  ];
  const app = await buildTestApp(testConfig({ bidders }), { storedSources });
  const send = (id: string) =>
    app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: request({ site: { page: 'p', publisher: { id } } }),
    });
  const off = await send('off');
  assert.equal(off.statusCode, 503);
  assert.match(off.body, /^Invalid request: Prebid-server has disabled Account ID: off/);
  const broken = await send('broken');
  assert.equal(broken.statusCode, 500);
  assert.match(
    broken.body,
    /^Invalid request: The prebid-server account config for account id "broken" is malformed/,
  );
  await app.closeResources();
});

test('wrongly typed input anywhere in the request is a 400 naming the field, never a 5xx', async () => {
  const app = await buildTestApp(testConfig({ bidders }), {
    transport: scriptedTransport(() => jsonResponse(204, '')),
  });
  const base = request({ cur: ['USD'], ext: { core: { targeting: {}, cache: { bids: {} } } } });
  const values: unknown[] = [null, 1, -1, 'str', true, [], {}, [1], [{}]];
  const paths = [
    ['imp', '0'],
    ['imp', '0', 'ext'],
    ['imp', '0', 'ext', 'core'],
    ['imp', '0', 'banner'],
    ['imp', '0', 'ext', 'core', 'storedauctionresponse'],
    ['imp', '0', 'ext', 'core', 'storedbidresponse'],
    ['site'],
    ['ext', 'core', 'targeting'],
    ['ext', 'core', 'cache'],
    ['cur'],
    ['tmax'],
  ];
  for (const path of paths) {
    for (const value of values) {
      const body = structuredClone(base) as Record<string, unknown>;
      let node = body;
      for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[path[path.length - 1]!] = value;
      const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: body });
      assert.ok(
        res.statusCode < 500,
        `${path.join('.')} = ${JSON.stringify(value)} → ${res.statusCode} ${res.body}`,
      );
    }
  }
  const nullImp = await app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: { ...request(), imp: [null] },
  });
  assert.equal(nullImp.statusCode, 400);
  assert.equal(nullImp.body, 'Invalid request: request.imp[0] must be an object\n');
});
