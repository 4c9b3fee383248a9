// CORS with request header values Node cannot send back (non-Latin-1 text, which `inject` and some
// proxies let through): taken as absent, never a 500.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicApp, type AppOptions } from './create-app.js';
import { createReadiness } from './readiness.js';
import { createServiceMetrics } from '../metrics.js';
import { createLogger } from '../logger.js';
import { corsHeaders, echoable } from './cors.js';

function options(): AppOptions & { bodyLimitBytes: number } {
  return {
    logger: createLogger({ name: 'test', level: 'silent' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { revision: 'abc', version: '1.2.3' },
    status: { response: 'ok' },
    logRequests: false,
    bodyLimitBytes: 1000,
  };
}

const WIDE = 'https://例え.jp';

test('echoable: Latin-1 values pass, wider text and control characters do not', () => {
  assert.equal(echoable('https://pub.example'), 'https://pub.example');
  assert.equal(echoable('https://caf\u00e9.example'), 'https://caf\u00e9.example');
  assert.equal(echoable(WIDE), undefined);
  assert.equal(echoable('https://a.example\r\nx: y'), undefined);
  assert.equal(echoable(undefined), undefined);
  assert.deepEqual(corsHeaders(WIDE), { vary: 'Origin', 'access-control-allow-credentials': 'true' });
});

test('an Origin Node cannot put in a header is absent: 200 without Allow-Origin, preflight 400', async () => {
  const app = await createPublicApp(options());
  const res = await app.inject({ method: 'GET', url: '/status', headers: { origin: WIDE } });
  assert.equal(res.statusCode, 200);
  assert.equal(res.body, 'ok');
  assert.equal(res.headers['access-control-allow-origin'], undefined);
  assert.equal(res.headers['vary'], 'Origin');
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/status',
    headers: { origin: WIDE, 'access-control-request-method': 'GET' },
  });
  assert.equal(preflight.statusCode, 400);
  assert.equal(preflight.body, 'Invalid Preflight Request');
  await app.close();
});

test('a preflight whose Access-Control-Request-Headers cannot be echoed is answered without them', async () => {
  const app = await createPublicApp(options());
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/status',
    headers: {
      origin: 'https://pub.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-\u00fcber-\u4f8b',
    },
  });
  assert.equal(preflight.statusCode, 204);
  assert.equal(preflight.headers['access-control-allow-origin'], 'https://pub.example');
  assert.equal(preflight.headers['access-control-allow-headers'], undefined);
  await app.close();
});
