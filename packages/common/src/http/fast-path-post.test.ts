// installFastRoutes' POST routes over a real socket: the answer of the Fastify route (headers in
// order, compression, the error handler's), Fastify kept for what it alone decides (queries,
// chunked, empty and oversized bodies), and bodies that never arrive.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { BadRequestError } from '../errors.js';
import { installResponseCompression } from './compression.js';
import { createPublicApp } from './create-app.js';
import { installFastRoutes, type FastAnswer, type FastRequest } from './fast-path.js';
import { fastBodyLength, orderedHeaders } from './fast-request.js';
import { fetchRaw, options } from './fast-path.testkit.js';

const LIMIT = 2000;

/** The answer both paths give: the body echoed in JSON, or the error a body asks for. */
function answerFor(body: Buffer): Promise<FastAnswer> {
  const text = body.toString('utf8');
  if (text === 'bad') return Promise.reject(new BadRequestError('bad body'));
  return Promise.resolve({
    status: 200,
    contentType: 'application/json; charset=utf-8',
    headers: { 'x-server': 'test/1' },
    body: Buffer.from(JSON.stringify({ got: text, pad: 'x'.repeat(text.length) })),
  });
}

interface PostApp {
  app: FastifyInstance;
  url: string;
  viaFastify: () => number;
  handled: FastRequest[];
  sent: () => number;
}

async function postApp(turnBudgetMs = 0): Promise<PostApp> {
  const opts = options();
  const app = await createPublicApp({ ...opts, bodyLimitBytes: LIMIT });
  installResponseCompression(app, { minBytes: 100 });
  let fastifySaw = 0;
  app.addHook('onRequest', (_req, _reply, done) => {
    fastifySaw++;
    done();
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/p', async (req, reply) => {
    const a = await answerFor(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    for (const [k, v] of Object.entries(a.headers ?? {})) reply.header(k, v);
    return reply.code(a.status).type(a.contentType).send(a.body);
  });
  const handled: FastRequest[] = [];
  let sent = 0;
  installFastRoutes(app, {
    timings: opts.metrics.httpDuration,
    routes: [],
    posts: [
      {
        path: '/p',
        handler: async (req) => {
          handled.push(req);
          const a = await answerFor(req.body);
          return { ...a, sent: () => sent++ };
        },
      },
    ],
    bodyLimitBytes: LIMIT,
    compression: { minBytes: 100 },
    turnBudgetMs,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, viaFastify: () => fastifySaw, handled, sent: () => sent };
}

const RID = { 'x-request-id': 'same-id', origin: 'https://pub.example' };

test('fastBodyLength: a plain Content-Length of 1..limit bytes, nothing else', () => {
  assert.equal(fastBodyLength({ 'content-length': '10' }, 10), 10);
  assert.equal(fastBodyLength({ 'content-length': '11' }, 10), undefined);
  assert.equal(fastBodyLength({ 'content-length': '0' }, 10), undefined);
  assert.equal(fastBodyLength({}, 10), undefined);
  assert.equal(fastBodyLength({ 'content-length': '5', 'transfer-encoding': 'chunked' }, 10), undefined);
  for (const odd of ['-1', '1e1', ' 5', '5 ', '0x5', '12345678901'])
    assert.equal(fastBodyLength({ 'content-length': odd }, 1e12), undefined, odd);
});

test('a fast POST answer is the Fastify route’s: status, body, headers in order, errors', async () => {
  const { app, url, viaFastify, handled, sent } = await postApp();
  for (const body of ['{"a":1}', 'x'.repeat(300), 'bad', 'é'.repeat(50)]) {
    const fast = await fetchRaw(`${url}/p`, RID, { method: 'POST', body });
    const slow = await fetchRaw(`${url}/p?fastify`, RID, { method: 'POST', body });
    assert.deepEqual(fast, slow, body);
  }
  assert.equal(viaFastify(), 4);
  assert.equal(handled.length, 4);
  assert.equal(sent(), 3);
  const fast = await fetchRaw(`${url}/p`, RID, { method: 'POST', body: '{}' });
  assert.deepEqual(fast.headers, [
    'vary: Origin',
    'access-control-allow-origin: https://pub.example',
    'access-control-allow-credentials: true',
    'x-server: test/1',
    'content-type: application/json; charset=utf-8',
    'cache-control: no-cache, no-store, must-revalidate',
    'pragma: no-cache',
    'expires: 0',
    'x-request-id: same-id',
    'content-length: 23',
    'connection: keep-alive',
    'keep-alive: timeout=72',
  ]);
  await app.close();
});

test('from a turn queue: the same answers, every request of a burst answered', async () => {
  const { app, url, handled } = await postApp(1);
  for (const body of ['{"a":1}', 'x'.repeat(300), 'bad']) {
    const fast = await fetchRaw(`${url}/p`, RID, { method: 'POST', body });
    const slow = await fetchRaw(`${url}/p?fastify`, RID, { method: 'POST', body });
    assert.deepEqual(fast, slow, body);
  }
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, i) => request(`${url}/p`, { method: 'POST', body: `{"n":${i}}` })),
  );
  const bodies = await Promise.all(burst.map(async (r) => ((await r.body.json()) as { got: string }).got));
  assert.deepEqual(
    bodies,
    Array.from({ length: 40 }, (_, i) => `{"n":${i}}`),
  );
  assert.equal(handled.length, 43);
  await app.close();
});

test('compression: the same Vary, Content-Encoding and gzip bytes as the onSend hook', async () => {
  const { app, url, viaFastify } = await postApp();
  const post = async (path: string, body: string, accept: string) => {
    const res = await request(`${url}${path}`, {
      method: 'POST',
      body,
      headers: { ...RID, 'accept-encoding': accept },
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers, bytes };
  };
  for (const [body, accept] of [
    ['x'.repeat(300), 'gzip, br'],
    ['x'.repeat(300), 'br'],
    ['short', 'gzip'],
  ] as const) {
    const fast = await post('/p', body, accept);
    const slow = await post('/p?fastify', body, accept);
    assert.deepEqual(fast.headers, slow.headers, `${body.length} ${accept}`);
    const plain = (r: typeof fast) =>
      r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.bytes) : r.bytes;
    assert.deepEqual(plain(fast), plain(slow));
  }
  const gz = await post('/p', 'x'.repeat(300), 'gzip');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gz.headers['vary'], 'Origin, Accept-Encoding');
  assert.equal(viaFastify(), 3);
  await app.close();
});

test('queries, chunked, empty and oversized bodies, other methods: Fastify’s', async () => {
  const { app, url, viaFastify, handled } = await postApp();
  await fetchRaw(`${url}/p?x=1`, {}, { method: 'POST', body: '{}' });
  const big = await fetchRaw(`${url}/p`, {}, { method: 'POST', body: 'x'.repeat(LIMIT + 1) });
  assert.equal(big.status, 413);
  const empty = await fetchRaw(`${url}/p`, {}, { method: 'POST', body: '' });
  assert.equal(empty.status, 200);
  // A body undici streams goes out chunked.
  const chunked = await request(`${url}/p`, {
    method: 'POST',
    body: Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
  });
  assert.equal(JSON.parse(await chunked.body.text()).got, '{"a":1}');
  assert.equal((await fetchRaw(`${url}/pp`, {}, { method: 'POST', body: '{}' })).status, 404);
  assert.equal(viaFastify(), 5);
  assert.equal(handled.length, 0);
  // At the limit: fast.
  assert.equal((await fetchRaw(`${url}/p`, {}, { method: 'POST', body: 'x'.repeat(LIMIT / 2) })).status, 200);
  assert.equal(handled.length, 1);
  await app.close();
});

test('a body that never arrives whole reaches no handler; the server serves on', async () => {
  const { app, url, handled } = await postApp();
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write('POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"only":"part');
  await new Promise((resolve) => setTimeout(resolve, 30));
  socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(handled.length, 0);
  assert.equal((await fetchRaw(`${url}/p`, {}, { method: 'POST', body: '{}' })).status, 200);
  assert.equal(handled.length, 1);
  await app.close();
});

test('the fast request: headers, peer address, time since arrival', async () => {
  const { app, url, handled } = await postApp();
  await fetchRaw(`${url}/p`, { 'x-a': 'b' }, { method: 'POST', body: '{}' });
  const req = handled[0];
  assert.ok(req);
  assert.equal(req.method, 'POST');
  assert.equal(req.headers['x-a'], 'b');
  assert.equal(req.query, '');
  assert.equal(req.remoteAddress, '127.0.0.1');
  assert.ok(req.elapsedMs() >= 0);
  await app.close();
});

/** One POST over a raw socket, its header lines in the order given; resolves once answered. */
function rawPost(url: string, lines: readonly string[]): Promise<string> {
  const { port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(['POST /p HTTP/1.1', ...lines, 'Connection: close', '', '{}'].join('\r\n'));
    });
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('end', () => done(got));
    socket.on('error', fail);
  });
}

test('headers reach the route in one key order whatever order the client sent them in', async () => {
  const { app, url, handled } = await postApp();
  const lines = ['Host: x', 'Content-Type: application/json', 'Content-Length: 2', 'X-B: 1', 'X-A: 2'];
  await rawPost(url, lines);
  await rawPost(url, [...lines].reverse());
  const [first, second] = handled;
  assert.ok(first && second);
  // Sorted; x-request-id is the id generated for the answer, written into the same copy.
  const names = ['connection', 'content-length', 'content-type', 'host', 'x-a', 'x-b', 'x-request-id'];
  assert.deepEqual(Object.keys(first.headers), names);
  assert.deepEqual(Object.keys(second.headers), names);
  assert.equal(second.headers['x-a'], '2');
  await app.close();
});

test('orderedHeaders: sorted names, values as given, a __proto__ header an own key', () => {
  const given = JSON.parse('{"z":"1","__proto__":"p","set-cookie":["a=1","b=2"],"a":"2"}') as Record<
    string,
    unknown
  >;
  const out = orderedHeaders(given as never) as Record<string, unknown>;
  assert.deepEqual(Object.keys(out), ['__proto__', 'a', 'set-cookie', 'z']);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.equal(out['__proto__'], 'p');
  assert.deepEqual(out['set-cookie'], ['a=1', 'b=2']);
});
