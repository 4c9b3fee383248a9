// installFastRoutes over a real socket (inject() never reaches the server's listener): the fast
// answer carries exactly the headers the Fastify path would, the same timings series, request
// logging with reqId, the error handler's answers, and Fastify's 503 once closing.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { pino } from 'pino';
import { request } from 'undici';
import { BadRequestError } from '../errors.js';
import { createPublicApp, type AppOptions } from './create-app.js';
import { fetchRaw, options } from './fast-path.testkit.js';
import { installFastRoutes, plainQueryParam, type FastAnswer, type FastGetHandler } from './fast-path.js';

const XML: FastAnswer = { status: 200, contentType: 'application/xml', body: '<a>é</a>' };

/**
 * A public app with GET /r both as a Fastify route and as a fast route answering `answer(query)`;
 * the fast route declines the query `slow`. `viaFastify` counts requests Fastify saw.
 */
async function appWith(
  answer: (query: string) => Promise<FastAnswer>,
  opts = options(),
  handler?: FastGetHandler,
): Promise<{ app: FastifyInstance; url: string; viaFastify: () => number; opts: AppOptions }> {
  const app = await createPublicApp({ ...opts, bodyLimitBytes: 1000 });
  let fastifySaw = 0;
  app.addHook('onRequest', (_req, _reply, done) => {
    fastifySaw++;
    done();
  });
  app.get('/r', async (req, reply) => {
    const a = await answer(req.url.slice(3));
    return reply.code(a.status).type(a.contentType).send(a.body);
  });
  installFastRoutes(app, {
    timings: opts.metrics.httpDuration,
    routes: [
      { path: '/r', handler: handler ?? ((req) => (req.query === 'slow' ? undefined : answer(req.query))) },
    ],
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, viaFastify: () => fastifySaw, opts };
}

test('plainQueryParam reads what Fastify parses, and declines queries it would decode', async () => {
  const app = Fastify();
  app.get('/q', async (req) => {
    const v = (req.query as Record<string, string | string[] | undefined>)['uuid'];
    return { v: Array.isArray(v) ? v[0] : v };
  });
  const queries = [
    '',
    'uuid',
    'uuid=',
    'uuid=a',
    'uuid=a&uuid=b',
    'x=1&uuid=a',
    'uuidx=1&uuid=b',
    'xuuid=1',
    'uuid=a=b',
    '&&uuid=a&',
    'uuid&uuid=b',
    '=x&uuid=c',
    'UUID=a',
    'uuid=a;b',
    'a&b&uuid=1234-5678&c=',
  ];
  for (const q of queries) {
    const fastify = (await app.inject({ method: 'GET', url: `/q?${q}` })).json<{ v?: string }>();
    assert.equal(plainQueryParam(q, 'uuid'), fastify.v, q);
  }
  // `#` too: inject() drops a fragment, a raw request line keeps it in the query Fastify parses.
  for (const q of ['uuid=a%2Db', 'uuid=a+b', 'u%75id=a', 'x=%&uuid=a', 'uuid=a#b']) {
    assert.equal(plainQueryParam(q, 'uuid'), null, q);
  }
  await app.close();
});

test('a fast answer has the status, body and headers (order included) of the Fastify path', async () => {
  const { app, url, viaFastify } = await appWith(() => Promise.resolve(XML));
  // With the caller's x-request-id both paths echo the same id (generated ones differ per path).
  const rid = { 'x-request-id': 'same-id' };
  for (const headers of [rid, { origin: 'https://pub.example', ...rid }] as Record<string, string>[]) {
    const before = viaFastify();
    const fast = await fetchRaw(`${url}/r?x`, headers);
    assert.equal(viaFastify(), before);
    const slow = await fetchRaw(`${url}/r?slow`, headers);
    assert.equal(viaFastify(), before + 1);
    assert.deepEqual(fast, slow);
    assert.equal(fast.body, XML.body);
  }
  const fast = await fetchRaw(`${url}/r`, { origin: 'https://pub.example', 'x-request-id': 'caller-1' });
  assert.deepEqual(fast.headers, [
    'vary: Origin',
    'access-control-allow-origin: https://pub.example',
    'access-control-allow-credentials: true',
    'content-type: application/xml',
    'cache-control: no-cache, no-store, must-revalidate',
    'pragma: no-cache',
    'expires: 0',
    'x-request-id: caller-1',
    'content-length: 9',
    'connection: keep-alive',
    'keep-alive: timeout=72',
  ]);
  await app.close();
});

test('other paths and methods, and declined requests, are Fastify’s', async () => {
  const { app, url, viaFastify } = await appWith(() => Promise.resolve(XML));
  assert.equal((await fetchRaw(`${url}/status`)).body, 'ok');
  assert.equal((await fetchRaw(`${url}/rr?x`)).status, 404);
  assert.equal((await fetchRaw(`${url}/r/?x`)).status, 404);
  assert.equal(viaFastify(), 3);
  const head = await request(`${url}/r?x`, { method: 'HEAD' });
  await head.body.text();
  assert.equal(head.statusCode, 200);
  assert.equal(head.headers['content-length'], '9');
  assert.equal(viaFastify(), 4);
  const preflight = await request(`${url}/r?x`, {
    method: 'OPTIONS',
    headers: { origin: 'https://pub.example', 'access-control-request-method': 'GET' },
  });
  await preflight.body.text();
  // Answered by the CORS onRequest hook, which runs before the counting one.
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
  await app.close();
});

test('fast answers are timed in the same series as Fastify answers', async () => {
  const { app, url, opts } = await appWith((q) =>
    Promise.resolve(q === 'missing' ? { status: 404, contentType: 'text/plain', body: 'no\n' } : XML),
  );
  await fetchRaw(`${url}/r?x`);
  await fetchRaw(`${url}/r?slow`);
  await fetchRaw(`${url}/r?missing`);
  const text = await opts.metrics.registry.metrics();
  assert.match(text, /t_http_request_duration_seconds_count\{route="\/r",method="GET",status="200"\} 2/);
  assert.match(text, /t_http_request_duration_seconds_count\{route="\/r",method="GET",status="404"\} 1/);
  await app.close();
});

test('request logs carry reqId (x-request-id, else generated); errors answer as the error handler', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const logger = pino({ level: 'info' }, sink);
  const handler: FastGetHandler = (req) => {
    if (req.query === 'log') req.log.info('hello');
    if (req.query === 'bad') return Promise.reject(new BadRequestError('bad thing'));
    if (req.query === 'boom') return Promise.reject(new Error('secret internals'));
    return Promise.resolve(XML);
  };
  const { app, url } = await appWith(() => Promise.resolve(XML), options(logger), handler);
  await fetchRaw(`${url}/r?log`, { 'x-request-id': 'caller-7' });
  await fetchRaw(`${url}/r?log`);
  const bad = await fetchRaw(`${url}/r?bad`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body, 'bad thing\n');
  assert.ok(bad.headers.includes('content-type: text/plain; charset=utf-8'));
  assert.ok(bad.headers.includes('access-control-allow-credentials: true'));
  const boom = await fetchRaw(`${url}/r?boom`, { 'x-request-id': 'caller-8' });
  assert.equal(boom.status, 500);
  assert.equal(boom.body, 'internal error\n');
  const hello = lines.filter((l) => l['msg'] === 'hello');
  assert.equal(hello[0]?.['reqId'], 'caller-7');
  assert.match(String(hello[1]?.['reqId']), /^[0-9a-f]{12}-[0-9a-z]+$/);
  const failed = lines.find((l) => l['msg'] === 'request failed');
  assert.equal(failed?.['reqId'], 'caller-8');
  assert.equal(failed?.['level'], 50);
  assert.equal(lines.filter((l) => l['msg'] === 'request failed').length, 1);
  await app.close();
});

test('once closing: an in-flight fast request completes, one arriving behind it gets Fastify’s 503', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { app, url } = await appWith(async (q) => {
    if (q === 'wait') await gate;
    return XML;
  });
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
  socket.write('GET /r?wait HTTP/1.1\r\nHost: x\r\n\r\n');
  await pause();
  const closed = app.close();
  await pause();
  // Pipelined behind the in-flight request: it reaches the listener after close() started.
  socket.write('GET /r?x HTTP/1.1\r\nHost: x\r\n\r\n');
  await pause();
  release();
  await closed;
  await ended;
  const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
  assert.deepEqual(statuses, ['200', '503']);
  assert.match(received, /<a>é<\/a>/);
  assert.match(received.slice(received.lastIndexOf('HTTP/1.1 ')), /Connection: close/i);
});

test("every fast answer echoes x-request-id: the caller's when usable, else a generated one", async () => {
  const { app, url } = await appWith(() => Promise.resolve(XML));
  const idOf = async (headers: Record<string, string> = {}) =>
    (await request(`${url}/r?x`, { headers })).headers['x-request-id'];
  assert.equal(await idOf({ 'x-request-id': 'abc-123' }), 'abc-123');
  const generated = [await idOf(), await idOf(), await idOf({ 'x-request-id': 'x'.repeat(129) })];
  for (const id of generated) assert.match(String(id), /^[0-9a-f]{12}-[0-9a-z]+$/);
  assert.equal(new Set(generated).size, 3);
  assert.match(String(await idOf({ 'x-request-id': 'has space' })), /^[0-9a-f]{12}-/);
  await app.close();
});
