import { test } from 'node:test';
import assert from 'node:assert/strict';
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
