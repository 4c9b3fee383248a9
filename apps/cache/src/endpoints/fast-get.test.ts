// GET /cache over a real socket, where the public port answers it on the fast path (inject()
// never reaches it): every answer compared with the Fastify route's for the same request, plus
// errors, logs, metrics, the requests left to Fastify, and graceful shutdown.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Logger } from '@gavel/common';
import { BackendError, BackendTimeoutError, createManualClock, installShutdown } from '@gavel/common';
import { request } from 'undici';
import { createCacheApp, type CacheApp } from '../app.js';
import { createMemoryBackend } from '../backends/memory.js';
import { CorruptedEntryError } from '../backends/errors.js';
import type { CacheBackend } from '../backends/types.js';
import { resolveCacheConfig } from '../config/resolve.js';
import { testIds } from './test-app.testkit.js';

interface LogLine {
  level: string;
  bindings: Record<string, unknown>;
  args: unknown[];
}

/** Enough of a pino logger for Fastify, recording every line with the bindings of its child. */
function recordingLogger(lines: LogLine[], bindings: Record<string, unknown> = {}): Logger {
  const line =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push({ level, bindings, args });
  const logger = {
    level: 'info',
    fatal: line('fatal'),
    error: line('error'),
    warn: line('warn'),
    info: line('info'),
    debug: line('debug'),
    trace: line('trace'),
    silent: () => {},
    child: (more: Record<string, unknown>) => recordingLogger(lines, { ...bindings, ...more }),
  };
  return logger as unknown as Logger;
}

interface Served {
  app: CacheApp;
  url: string;
  /** Requests Fastify's onRequest hooks saw (the fast path bypasses them). */
  viaFastify: () => number;
  lines: LogLine[];
}

const UNKNOWN = '11111111-2222-4333-8444-555555555555';

async function serve(config: unknown = {}, backend?: CacheBackend): Promise<Served> {
  const lines: LogLine[] = [];
  const clock = createManualClock(1_000_000);
  const app = await createCacheApp(resolveCacheConfig(config), {
    logger: recordingLogger(lines),
    version: { revision: 'test', version: '0' },
    clock,
    ids: testIds(),
    backend: backend ?? createMemoryBackend({ maxBytes: 1 << 20, clock }),
    random: () => 0,
  });
  let seen = 0;
  app.publicApp.addHook('onRequest', (_req, _reply, done) => {
    seen++;
    done();
  });
  const url = await app.publicApp.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, viaFastify: () => seen, lines };
}

const close = async (s: Served) => {
  await Promise.all([s.app.publicApp.close(), s.app.adminApp.close()]);
  await s.app.closeResources();
};

// Headers node adds on a socket only, or that change between two answers.
const SOCKET_ONLY = new Set(['date', 'connection', 'keep-alive']);

async function overSocket(s: Served, path: string, headers: Record<string, string> = {}) {
  const res = await request(`${s.url}${path}`, { headers });
  const body = await res.body.text();
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (!SOCKET_ONLY.has(k)) kept[k] = String(v);
  return { status: res.statusCode, body, headers: kept };
}

async function viaInject(s: Served, path: string, headers: Record<string, string> = {}) {
  const res = await s.app.publicApp.inject({ method: 'GET', url: path, headers });
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (!SOCKET_ONLY.has(k)) kept[k] = String(v);
  return { status: res.statusCode, body: res.body, headers: kept };
}

async function put(s: Served, puts: unknown[]): Promise<string[]> {
  const res = await s.app.publicApp.inject({
    method: 'POST',
    url: '/cache',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ puts }),
  });
  return res.json<{ responses: { uuid: string }[] }>().responses.map((r) => r.uuid);
}

interface Comparisons {
  /** Answered on the fast path. */
  fastPaths: string[];
  /** Left to the Fastify route. */
  fastifyPaths: string[];
  headerSets: Record<string, string>[];
}

/** The requests both routes must answer alike, for a stored json and xml entry. */
function comparisons(json: string, xml: string): Comparisons {
  const fastPaths = [
    `/cache?uuid=${json}`,
    `/cache?uuid=${xml}`,
    `/cache?uuid=${xml}&uuid=${json}`,
    `/cache?ch=1&uuid=${json}&x`,
    `/cache?uuid=${UNKNOWN}`,
    '/cache?uuid=abc',
    '/cache?uuid=',
    '/cache?uuid',
    '/cache?',
    '/cache',
    '/cache?uuidx=1',
    `/cache?uuid=${json}=`,
  ];
  // Decoded by Fastify's parser: these stay on the Fastify route.
  const fastifyPaths = [`/cache?uuid=${json.replace('-', '%2D')}`, '/cache?uuid=a+b', '/cache?uuid=%'];
  // With the caller's x-request-id both paths echo the same id (generated ones differ per path).
  const headerSets: Record<string, string>[] = [
    { 'x-request-id': 'rid-1' },
    {
      origin: 'https://publisher.example',
      referer: 'https://publisher.example/page',
      'x-request-id': 'rid-2',
    },
  ];
  return { fastPaths, fastifyPaths, headerSets };
}

/** Each request over the socket (on the path expected) answers as the same one through inject(). */
async function assertSameAnswers(s: Served, c: Comparisons): Promise<void> {
  const { fastPaths, fastifyPaths, headerSets } = c;
  for (const headers of headerSets) {
    for (const path of [...fastPaths, ...fastifyPaths]) {
      const before = s.viaFastify();
      const fast = await overSocket(s, path, headers);
      assert.equal(s.viaFastify() - before, fastPaths.includes(path) ? 0 : 1, `${path} path`);
      assert.deepEqual(fast, await viaInject(s, path, headers), path);
    }
  }
}

/** The fast path's whole answer for a stored xml entry: CORS, no-cache and id headers. */
async function assertXmlHit(s: Served, xml: string): Promise<void> {
  const hit = await overSocket(s, `/cache?uuid=${xml}`, {
    origin: 'https://publisher.example',
    'x-request-id': 'rid-3',
  });
  assert.deepEqual(hit, {
    status: 200,
    body: '<VAST version="3.0">é</VAST>',
    headers: {
      vary: 'Origin',
      'access-control-allow-origin': 'https://publisher.example',
      'access-control-allow-credentials': 'true',
      'content-type': 'application/xml',
      'cache-control': 'no-cache, no-store, must-revalidate',
      pragma: 'no-cache',
      expires: '0',
      'x-request-id': 'rid-3',
      'content-length': String(Buffer.byteLength('<VAST version="3.0">é</VAST>')),
    },
  });
}

/** Serves apps for the tests of one describe block, and closes them after it. */
function servedMaker(): (config?: unknown, backend?: CacheBackend) => Promise<Served> {
  const served: Served[] = [];
  after(() => Promise.all(served.map(close)));
  return async (config: unknown = {}, backend?: CacheBackend) => {
    const s = await serve(config, backend);
    served.push(s);
    return s;
  };
}

describe('GET /cache on the fast path (real socket)', () => {
  const make = servedMaker();

  it('answers exactly as the Fastify route: hits, 400s, 404s, repeated and odd queries, CORS', async () => {
    const s = await make();
    const [json, xml] = await put(s, [
      { type: 'json', value: { adm: '<div/>', price: 1.5 } },
      { type: 'xml', value: '<VAST version="3.0">é</VAST>' },
    ]);
    assert.ok(json && xml);
    await assertSameAnswers(s, comparisons(json, xml));
    await assertXmlHit(s, xml);
    const j = await overSocket(s, `/cache?uuid=${json}`);
    assert.equal(j.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(j.body, '{"adm":"<div/>","price":1.5}');
    assert.equal((await overSocket(s, '/cache')).body, 'GET /cache: Missing required parameter uuid\n');
    assert.equal((await overSocket(s, '/cache?uuid=abc')).body, 'GET /cache uuid=abc: invalid uuid length\n');
  });
});

describe('GET /cache on the fast path (real socket): custom keys and errors', () => {
  const make = servedMaker();

  it('with custom keys allowed, any length is looked up', async () => {
    const s = await make({ 'request-limits': { 'allow-setting-keys': true } });
    await put(s, [{ type: 'xml', value: '<a/>', key: 'my-key' }]);
    const res = await overSocket(s, '/cache?uuid=my-key');
    assert.equal(res.status, 200);
    assert.equal(res.body, '<a/>');
    assert.equal(s.viaFastify(), 1); // the put()
  });

  it('500 for corrupted data and backend errors, 504 on timeout, each logged with the request id', async () => {
    const failing: CacheBackend = {
      name: 'memory',
      put: () => Promise.reject(new BackendError('down')),
      putBatch: () => Promise.reject(new BackendError('down')),
      get: (key) => {
        if (key.endsWith('1')) return Promise.reject(new CorruptedEntryError(key));
        if (key.endsWith('2')) return Promise.reject(new BackendError('redis: connection lost'));
        if (key.endsWith('3')) return Promise.reject(new BackendTimeoutError('redis: command timed out'));
        return Promise.reject(new Error('unexpected'));
      },
      close: () => Promise.resolve(),
    };
    const s = await make({}, failing);
    const id = (n: number) => `11111111-2222-4333-8444-55555555555${n}`;
    for (const n of [1, 2, 3, 4]) {
      const path = `/cache?uuid=${id(n)}`;
      const fast = await overSocket(s, path, { 'x-request-id': `req-${n}` });
      assert.deepEqual(fast, await viaInject(s, path, { 'x-request-id': `req-${n}` }), path);
    }
    assert.equal(s.viaFastify(), 4); // the inject() calls only
    const corrupted = await overSocket(s, `/cache?uuid=${id(1)}`);
    assert.equal(corrupted.status, 500);
    assert.equal(
      corrupted.body,
      `GET /cache uuid=${id(1)}: Cache data was corrupted. Cannot determine type.\n`,
    );
    assert.equal(corrupted.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal((await overSocket(s, `/cache?uuid=${id(3)}`)).status, 504);
    const errors = s.lines.filter((l) => l.level === 'error');
    const byReq = (reqId: string) =>
      errors.filter((l) => l.bindings['reqId'] === reqId).map((l) => l.args[1]);
    // Each once over the socket (fast path) and once through inject (Fastify route).
    assert.deepEqual(byReq('req-1'), ['stored cache data was corrupted', 'stored cache data was corrupted']);
    assert.deepEqual(byReq('req-2'), ['cache read failed', 'cache read failed']);
    assert.deepEqual(byReq('req-4'), ['cache read failed', 'cache read failed']);
    assert.deepEqual(byReq('req-3'), ['cache read failed', 'cache read failed']);
  });
});

describe('GET /cache on the fast path (real socket): logs, metrics and what Fastify keeps', () => {
  const make = servedMaker();

  it('logs the sampled Referer, and counts route timings and backend reads on /metrics', async () => {
    const s = await make({ 'referer-sampling-rate': 1 });
    const [uuid] = await put(s, [{ type: 'json', value: 'abc' }]);
    await overSocket(s, `/cache?uuid=${uuid}`, { referer: 'https://pub.example/a', 'x-request-id': 'r-1' });
    await overSocket(s, `/cache?uuid=${UNKNOWN}`);
    await overSocket(s, '/cache');
    assert.equal(s.viaFastify(), 1); // the POST
    const referer = s.lines.find((l) => l.bindings['reqId'] === 'r-1');
    assert.deepEqual(referer?.args, ['GET request Referer header: https://pub.example/a']);
    assert.equal(referer?.level, 'info');
    const text = (await s.app.adminApp.inject({ method: 'GET', url: '/metrics' })).body;
    for (const status of ['200', '404', '400']) {
      assert.match(
        text,
        new RegExp(
          `gavel_cache_http_request_duration_seconds_count\\{route="/cache",method="GET",status="${status}"\\} 1`,
        ),
      );
    }
    assert.match(text, /gavel_cache_gets_total\{backend="memory",result="hit"\} 1/);
    assert.match(text, /gavel_cache_gets_total\{backend="memory",result="miss"\} 1/);
  });

  it('leaves HEAD, preflights, POST and other paths to Fastify', async () => {
    const s = await make();
    const [uuid] = await put(s, [{ type: 'xml', value: '<VAST/>' }]);
    const head = await request(`${s.url}/cache?uuid=${uuid}`, { method: 'HEAD' });
    await head.body.text();
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], '7');
    const preflight = await request(`${s.url}/cache`, {
      method: 'OPTIONS',
      headers: { origin: 'https://pub.example', 'access-control-request-method': 'POST' },
    });
    await preflight.body.text();
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
    const posted = await request(`${s.url}/cache`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ puts: [{ type: 'json', value: 1 }] }),
    });
    assert.equal(posted.statusCode, 200);
    await posted.body.text();
    assert.equal((await overSocket(s, '/cache/?uuid=x')).status, 404);
    assert.equal((await overSocket(s, '/status')).body, 'ok');
    assert.equal(s.viaFastify(), 1 + 1 + 1 + 2); // put(), HEAD, POST, two GETs (preflight: CORS hook first)
  });

  it('with per-request logging on, every GET takes the Fastify route', async () => {
    const s = await make({ log: { requests: true } });
    await overSocket(s, `/cache?uuid=${UNKNOWN}`);
    assert.equal(s.viaFastify(), 1);
    assert.ok(s.lines.some((l) => l.args.includes('request completed')));
  });
});

describe('GET /cache on the fast path (real socket): graceful shutdown', () => {
  it('graceful shutdown lets an in-flight fast GET finish, then stops', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const memory = createMemoryBackend({ maxBytes: 1 << 20 });
    const slow: CacheBackend = {
      ...memory,
      get: async (key) => {
        await gate;
        return memory.get(key);
      },
    };
    const s = await serve({}, slow);
    const [uuid] = await put(s, [{ type: 'xml', value: '<VAST/>' }]);
    await s.app.adminApp.listen({ port: 0, host: '127.0.0.1' });
    const signals = ['SIGTERM', 'SIGINT'] as const;
    const before = signals.map((sig) => process.listeners(sig));
    let exitCode: number | undefined;
    let resourcesClosed = false;
    const shutdown = installShutdown({
      listeners: [
        { name: 'public', app: s.app.publicApp, host: '127.0.0.1', port: 0 },
        { name: 'admin', app: s.app.adminApp, host: '127.0.0.1', port: 0 },
      ],
      logger: recordingLogger([]),
      drainTimeoutMs: 5000,
      closeResources: async () => {
        resourcesClosed = true;
        await s.app.closeResources();
      },
      exit: (code) => (exitCode = code),
    });
    signals.forEach((sig, i) => {
      for (const l of process.listeners(sig)) if (!before[i]?.includes(l)) process.removeListener(sig, l);
    });
    const inFlight = overSocket(s, `/cache?uuid=${uuid}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = shutdown();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(exitCode, undefined);
    release();
    const answer = await inFlight;
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '<VAST/>');
    await stopping;
    assert.equal(exitCode, 0);
    assert.ok(resourcesClosed);
    assert.equal(s.app.publicApp.server.listening, false);
    assert.equal(s.viaFastify(), 1); // the put() only
  });
});
