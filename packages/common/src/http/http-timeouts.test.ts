// The `http-server` timeouts (chaos slowloris finding: no requestTimeout, headersTimeout at Node's
// 60 s): the HTTP server gets them, and a client dripping its headers or its body is cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { Value } from '@sinclair/typebox/value';
import { createAdminApp, createPublicApp, type AppOptions, type HttpServerTimeouts } from './create-app.js';
import { createReadiness } from './readiness.js';
import { createServiceMetrics } from '../metrics.js';
import { createLogger } from '../logger.js';
import { serviceSections } from '../config/service-sections.js';

function options(timeouts?: HttpServerTimeouts): AppOptions {
  return {
    logger: createLogger({ name: 'test', level: 'silent' }),
    readiness: createReadiness(),
    metrics: createServiceMetrics({ prefix: 't_', collectProcess: false }),
    version: { revision: 'abc', version: '1.2.3' },
    status: { response: 'ok' },
    logRequests: false,
    ...(timeouts ? { timeouts } : {}),
  };
}

const sections = serviceSections({
  publicPort: 1,
  publicDescription: 'p',
  adminPort: 2,
  adminDescription: 'a',
});

test('http-server defaults: headers 10 s, whole request 15 s (Go ReadTimeout), keep-alive 72 s, checked every 1 s', () => {
  const defaults = Value.Default(sections['http-server'], {}) as HttpServerTimeouts;
  assert.deepEqual(defaults, {
    'headers-timeout-ms': 10000,
    'request-timeout-ms': 15000,
    'keep-alive-timeout-ms': 72000,
    'connections-check-interval-ms': 1000,
  });
});

test('the servers of both ports get the timeouts; headers are capped at the request timeout', async () => {
  const t = {
    'headers-timeout-ms': 9000,
    'request-timeout-ms': 4000,
    'keep-alive-timeout-ms': 5000,
    'connections-check-interval-ms': 250,
  };
  const pub = await createPublicApp(Object.assign(options(t), { bodyLimitBytes: 1000 }));
  const admin = await createAdminApp(options(t));
  for (const app of [pub, admin]) {
    assert.equal(app.server.headersTimeout, 4000);
    assert.equal(app.server.requestTimeout, 4000);
    assert.equal(app.server.keepAliveTimeout, 5000);
    assert.equal(
      (app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval,
      250,
    );
    await app.close();
  }
});

/** Opens a connection that sends `start`, then one byte every 100 ms; resolves with when it closed. */
function drip(port: number, start: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve) => {
    const began = performance.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(start));
    const timer = setInterval(() => socket.write('a'), 100);
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - began, answer });
    });
  });
}

test('a client dripping its headers or its body is cut within its bound (+ the check interval)', async () => {
  const app = await createPublicApp(
    Object.assign(
      options({
        'headers-timeout-ms': 400,
        'request-timeout-ms': 800,
        'keep-alive-timeout-ms': 5000,
        'connections-check-interval-ms': 100,
      }),
      { bodyLimitBytes: 100000 },
    ),
  );
  app.post('/echo', async (req) => req.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  try {
    const [headers, body] = await Promise.all([
      drip(port, 'POST /echo HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      drip(
        port,
        'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n"',
      ),
    ]);
    // Node answers 408 and closes; generous upper bounds for a busy machine.
    assert.ok(headers.ms >= 350 && headers.ms < 3000, `headers cut after ${headers.ms} ms`);
    assert.match(headers.answer, /^HTTP\/1\.1 408/);
    assert.ok(body.ms >= 750 && body.ms < 3500, `body cut after ${body.ms} ms`);
    assert.match(body.answer, /^HTTP\/1\.1 408/);
  } finally {
    await app.close();
  }
});
