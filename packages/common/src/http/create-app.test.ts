import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { createAdminApp, createPublicApp, type AppOptions } from './create-app.js';
import { createReadiness } from './readiness.js';
import { createServiceMetrics } from '../metrics.js';
import { createLogger } from '../logger.js';
import { BadRequestError } from '../errors.js';

function options(statusResponse = 'ok'): AppOptions {
  return {
    logger: createLogger({ name: 'test', level: 'silent' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { revision: 'abc', version: '1.2.3' },
    status: { response: statusResponse },
    logRequests: false,
  };
}

test('GET /status: 503 while warming up, then 200 with the configured body', async () => {
  const opts = options('ready');
  const task = opts.readiness.register('currency');
  const app = await createPublicApp({ ...opts, bodyLimitBytes: 1000 });
  const before = await app.inject({ method: 'GET', url: '/status' });
  assert.equal(before.statusCode, 503);
  assert.match(before.body, /currency/);
  task.ready();
  const after = await app.inject({ method: 'GET', url: '/status' });
  assert.equal(after.statusCode, 200);
  assert.equal(after.body, 'ready');
  await app.close();
});

test('GET /status answers 204 when the host configures an empty body', async () => {
  const app = await createAdminApp(options(''));
  const res = await app.inject({ method: 'GET', url: '/status' });
  assert.equal(res.statusCode, 204);
  await app.close();
});

test('GET /version gives revision and version', async () => {
  const app = await createPublicApp({ ...options(), bodyLimitBytes: 1000 });
  const res = await app.inject({ method: 'GET', url: '/version' });
  assert.deepEqual(res.json(), { revision: 'abc', version: '1.2.3' });
  await app.close();
});

test('public port: CORS echoes the origin with credentials, dynamic answers are not cacheable', async () => {
  const app = await createPublicApp({ ...options(), bodyLimitBytes: 1000 });
  const res = await app.inject({ method: 'GET', url: '/status', headers: { origin: 'https://pub.example' } });
  assert.equal(res.headers['access-control-allow-origin'], 'https://pub.example');
  assert.equal(res.headers['access-control-allow-credentials'], 'true');
  assert.equal(res.headers['cache-control'], 'no-cache, no-store, must-revalidate');
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/status',
    headers: { origin: 'https://pub.example', 'access-control-request-method': 'POST' },
  });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'https://pub.example');
  await app.close();
});

test('public port: a body over the limit is answered 413; catalogue errors keep their status', async () => {
  const app = await createPublicApp({ ...options(), bodyLimitBytes: 10 });
  app.post('/echo', async () => ({ ok: true }));
  app.get('/bad', async () => {
    throw new BadRequestError('imp[0].id is required', 'imp[0].id');
  });
  const big = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'x'.repeat(100) } });
  assert.equal(big.statusCode, 413);
  const bad = await app.inject({ method: 'GET', url: '/bad' });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.body, 'imp[0].id is required\n');
  await app.close();
});

test('metrics only on the admin port, with HTTP timings by route and status', async () => {
  const opts = options();
  const pub = await createPublicApp({ ...opts, bodyLimitBytes: 1000 });
  const admin = await createAdminApp(opts);
  await pub.inject({ method: 'GET', url: '/status' });
  assert.equal((await pub.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
  const metrics = await admin.inject({ method: 'GET', url: '/metrics' });
  assert.equal(metrics.statusCode, 200);
  assert.match(metrics.headers['content-type'] as string, /text\/plain/);
  assert.match(
    metrics.body,
    /t_http_request_duration_seconds_count\{route="\/status",method="GET",status="200"\} 1/,
  );
  await pub.close();
  await admin.close();
});

test('public port: a preflight without Origin or method is refused; Vary names what the answer keys on', async () => {
  const app = await createPublicApp({ ...options(), bodyLimitBytes: 1000 });
  const simple = await app.inject({ method: 'GET', url: '/version' });
  assert.equal(simple.headers['vary'], 'Origin');
  assert.equal(simple.headers['access-control-allow-origin'], undefined);
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/cache',
    headers: {
      origin: 'https://pub.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST, OPTIONS');
  assert.equal(preflight.headers['access-control-allow-headers'], 'content-type');
  assert.equal(preflight.headers['access-control-allow-credentials'], 'true');
  assert.equal(preflight.headers['vary'], 'Origin, Access-Control-Request-Headers');
  assert.equal(preflight.headers['content-length'], '0');
  const strict = await app.inject({
    method: 'OPTIONS',
    url: '/cache',
    headers: { origin: 'https://a.example' },
  });
  assert.equal(strict.statusCode, 400);
  await app.close();
});

test('request logs carry reqId: the caller x-request-id, else a generated unique id', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  const logger = pino({ level: 'info' }, sink);
  const app = await createPublicApp({ ...options(), logger, bodyLimitBytes: 1000 });
  app.get('/log', async (req) => {
    req.log.info({ n: 1 }, 'hello');
    return { id: req.id };
  });
  app.get('/quiet', async (req) => ({ id: req.id, level: req.log.level }));
  await app.inject({ method: 'GET', url: '/log', headers: { 'x-request-id': 'caller-1' } });
  const a = (await app.inject({ method: 'GET', url: '/log' })).json<{ id: string }>();
  const b = (await app.inject({ method: 'GET', url: '/quiet' })).json<{ id: string; level: string }>();
  assert.notEqual(a.id, b.id);
  assert.equal(b.level, 'info');
  assert.deepEqual(
    lines.map((l) => [l['reqId'], l['msg'], l['n']]),
    [
      ['caller-1', 'hello', 1],
      [a.id, 'hello', 1],
    ],
  );
  await app.close();
});
