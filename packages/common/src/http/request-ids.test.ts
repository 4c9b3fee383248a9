// x-request-id on the Fastify instances: the caller's usable id is kept, otherwise one is generated;
// every answer (routes, 404, errors, 413; public and admin) echoes it, and the handler sees the same
// id in req.id and in the request's headers (what the auction reads for its log lines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAdminApp, createPublicApp, type AppOptions } from './create-app.js';
import { createReadiness } from './readiness.js';
import { createServiceMetrics } from '../metrics.js';
import { createLogger } from '../logger.js';
import { BadRequestError } from '../errors.js';
import { createRequestIds, usableRequestId } from './request-ids.js';

function options(): AppOptions {
  return {
    logger: createLogger({ name: 'test', level: 'silent' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { revision: 'abc', version: '1.2.3' },
    status: { response: 'ok' },
    logRequests: false,
  };
}

const GENERATED = /^[0-9a-f]{12}-[0-9a-z]+$/;

test('usableRequestId: 1–128 visible ASCII characters, one value', () => {
  assert.equal(usableRequestId('abc-1_2.3:4'), 'abc-1_2.3:4');
  assert.equal(usableRequestId('x'.repeat(128)), 'x'.repeat(128));
  for (const bad of ['', 'x'.repeat(129), 'a b', 'é', 'a\tb', undefined, ['a', 'b']]) {
    assert.equal(usableRequestId(bad), undefined, String(bad));
  }
});

test('createRequestIds: the caller id, else a fresh one written back into the headers', () => {
  const ids = createRequestIds();
  const given = { headers: { 'x-request-id': 'mine' } as Record<string, string | undefined> };
  assert.equal(ids(given), 'mine');
  const none = { headers: {} as Record<string, string | undefined> };
  const id = ids(none);
  assert.match(id, GENERATED);
  assert.equal(none.headers['x-request-id'], id);
  const bad = { headers: { 'x-request-id': 'has space' } as Record<string, string | undefined> };
  assert.notEqual(ids(bad), 'has space');
  assert.match(bad.headers['x-request-id'] ?? '', GENERATED);
});

test('public instance: every answer echoes x-request-id (route, 404, error, 413)', async () => {
  const app = await createPublicApp({ ...options(), bodyLimitBytes: 100 });
  let seen: { id: string; header: unknown } | undefined;
  app.get('/r', async (req) => {
    seen = { id: req.id, header: req.headers['x-request-id'] };
    return 'ok';
  });
  app.get('/bad', async () => {
    throw new BadRequestError('nope');
  });
  app.post('/p', async () => 'ok');
  const caller = await app.inject({ method: 'GET', url: '/r', headers: { 'x-request-id': 'c-1' } });
  assert.equal(caller.headers['x-request-id'], 'c-1');
  assert.deepEqual(seen, { id: 'c-1', header: 'c-1' });
  const generated = await app.inject({ method: 'GET', url: '/r' });
  assert.match(String(generated.headers['x-request-id']), GENERATED);
  assert.deepEqual(seen, {
    id: generated.headers['x-request-id'],
    header: generated.headers['x-request-id'],
  });
  const other = await app.inject({ method: 'GET', url: '/r' });
  assert.notEqual(other.headers['x-request-id'], generated.headers['x-request-id']);
  for (const [method, url, status] of [
    ['GET', '/missing', 404],
    ['GET', '/bad', 400],
    ['GET', '/status', 200],
  ] as const) {
    const res = await app.inject({ method, url, headers: { 'x-request-id': `id-${status}` } });
    assert.equal(res.statusCode, status);
    assert.equal(res.headers['x-request-id'], `id-${status}`, url);
  }
  const big = await app.inject({
    method: 'POST',
    url: '/p',
    payload: JSON.stringify({ x: 'x'.repeat(200) }),
    headers: { 'x-request-id': 'big', 'content-type': 'application/json' },
  });
  assert.equal(big.statusCode, 413);
  assert.equal(big.headers['x-request-id'], 'big');
  await app.close();
});

test('admin instance: /metrics and /status echo x-request-id too', async () => {
  const app = await createAdminApp(options());
  for (const url of ['/metrics', '/status', '/nothing']) {
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'adm-1' } });
    assert.equal(res.headers['x-request-id'], 'adm-1', url);
    assert.match(String((await app.inject({ method: 'GET', url })).headers['x-request-id']), GENERATED);
  }
  await app.close();
});
