// The backend contract on a real Redis (127.0.0.1:6379), plus outage and recovery through a
// cuttable proxy. Skips when Redis is unreachable, except under CI=true, where it fails.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { createLogger } from '@gavel/common';
import { describeBackendContract } from './backend-contract.testkit.js';
import { createRedisBackend, type RedisBackendOptions } from './redis.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.testkit.js';
import type { CacheBackend } from './types.js';
import { createCacheApp } from '../app.js';
import { resolveCacheConfig } from '../config/resolve.js';

const HOST = '127.0.0.1';
const PORT = 6379;
const PREFIX = `gavel-test-${process.pid}-${Date.now()}:`;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis({
    host: HOST,
    port: PORT,
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const reachable = await redisReachable();
if (!reachable && process.env['CI'] === 'true') {
  throw new Error(`Redis at ${HOST}:${PORT} is required when CI=true`);
}
const skip = reachable ? false : `Redis at ${HOST}:${PORT} unreachable`;

function options(port: number, prefix: string): RedisBackendOptions {
  return {
    mode: 'standalone',
    host: HOST,
    port,
    db: 0,
    nodes: [],
    username: '',
    password: '',
    keyPrefix: prefix,
    commandTimeoutMs: 1000,
    connectTimeoutMs: 1000,
    tls: { enabled: false, caFile: '', servername: '', rejectUnauthorized: true },
  };
}

async function waitReady(backend: CacheBackend): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await backend.get('probe');
      return;
    } catch {
      await sleep(50);
    }
  }
  throw new Error('redis backend never became ready');
}

async function cleanup(prefix: string): Promise<void> {
  const admin = new Redis({ host: HOST, port: PORT });
  const keys = await admin.keys(`${prefix}*`);
  if (keys.length) await admin.del(...keys);
  admin.disconnect();
}

describe('redis backend: contract', { skip }, () => {
  const opened: CacheBackend[] = [];
  after(async () => {
    await Promise.all(opened.map((b) => b.close()));
    await cleanup(PREFIX);
  });
  describeBackendContract(async () => {
    const backend = createRedisBackend(options(PORT, `${PREFIX}${randomUUID()}:`));
    opened.push(backend);
    await waitReady(backend);
    // Real expiry: Redis counts whole seconds on its own clock.
    return { backend, elapse: (seconds) => sleep(seconds * 1000 + 200) };
  });

  it('reads values written by Prebid Cache (type prefix) and reports unknown data as corrupted', async () => {
    const prefix = `${PREFIX}legacy:`;
    const backend = createRedisBackend(options(PORT, prefix));
    opened.push(backend);
    await waitReady(backend);
    const admin = new Redis({ host: HOST, port: PORT });
    await admin.set(`${prefix}old`, 'xml<VAST/>', 'EX', 60);
    await admin.set(`${prefix}bad`, '<HTML/>', 'EX', 60);
    admin.disconnect();
    assert.deepEqual(await backend.get('old'), { type: 'xml', value: '<VAST/>' });
    await assert.rejects(backend.get('bad'), { status: 500, message: /corrupted/ });
  });
});

// A Redis Cluster is not part of the standard test machine: set GAVEL_TEST_REDIS_CLUSTER to
// comma-separated seeds (e.g. 127.0.0.1:7000,127.0.0.1:7001) to run the contract against one.
const clusterSeeds = (process.env['GAVEL_TEST_REDIS_CLUSTER'] ?? '').split(',').filter(Boolean);
describe(
  'redis backend (cluster mode): contract',
  { skip: clusterSeeds.length ? false : 'GAVEL_TEST_REDIS_CLUSTER not set' },
  () => {
    const opened: CacheBackend[] = [];
    after(() => Promise.all(opened.map((b) => b.close())));
    describeBackendContract(async () => {
      const backend = createRedisBackend({
        ...options(PORT, `${PREFIX}${randomUUID()}:`),
        mode: 'cluster',
        nodes: clusterSeeds,
      });
      opened.push(backend);
      await waitReady(backend);
      return { backend, elapse: (seconds) => sleep(seconds * 1000 + 200) };
    });
  },
);

type CacheApp = Awaited<ReturnType<typeof createCacheApp>>;

// Built from config (not injected), so the wiring and the readiness report are covered too.
async function outageApp(proxyPort: number): Promise<CacheApp> {
  const config = resolveCacheConfig({
    'request-limits': { 'max-num-values': 5 },
    backend: {
      type: 'redis',
      redis: {
        port: proxyPort,
        'key-prefix': `${PREFIX}outage:`,
        'command-timeout-ms': 1000,
        'connect-timeout-ms': 1000,
      },
    },
  });
  return createCacheApp(config, {
    logger: createLogger({ level: 'silent', name: 'test' }),
    version: { revision: 'test', version: '0' },
  });
}

function postTwo(app: CacheApp) {
  return app.publicApp.inject({
    method: 'POST',
    url: '/cache',
    payload: {
      puts: [
        { type: 'json', value: { a: 1 } },
        { type: 'xml', value: '<VAST/>' },
      ],
    },
  });
}

/** While Redis is cut: POST, GET and /status answers. */
async function assertDown(app: CacheApp, uuid: string | undefined): Promise<void> {
  const down = await postTwo(app);
  // A clear 503 naming the back-end, never ioredis's own text ("Stream isn't writeable …").
  assert.equal(down.statusCode, 503, `POST while down answered ${down.statusCode} ${down.body}`);
  assert.equal(down.body, 'cache back-end (redis) unavailable\n');
  const getDown = await app.publicApp.inject({ method: 'GET', url: `/cache?uuid=${uuid}` });
  assert.equal(getDown.statusCode, 503);
  assert.equal(getDown.body, `GET /cache uuid=${uuid}: cache back-end (redis) unavailable\n`);
  const status = await app.publicApp.inject({ method: 'GET', url: '/status' });
  assert.equal(status.statusCode, 503, 'the service keeps answering, and says why it is not ready');
  assert.match(status.body, /redis/);
}

/** Once Redis is back: POSTs succeed again, /status is ready, the entry written before is there. */
async function assertRecovers(app: CacheApp, uuid: string | undefined): Promise<void> {
  let recovered = false;
  for (let i = 0; i < 100 && !recovered; i++) {
    await sleep(100);
    recovered = (await postTwo(app)).statusCode === 200;
  }
  assert.ok(recovered, 'service recovered after Redis came back');
  assert.equal((await app.publicApp.inject({ method: 'GET', url: '/status' })).statusCode, 200);
  const again = await app.publicApp.inject({ method: 'GET', url: `/cache?uuid=${uuid}` });
  assert.equal(again.statusCode, 200);
  assert.match(String(again.headers['content-type']), /^application\/json/);
}

describe('redis backend: Redis going away and coming back', { skip }, () => {
  let proxy: TcpProxy;
  before(async () => {
    proxy = await startTcpProxy(HOST, PORT);
  });
  after(async () => {
    await proxy.close();
    await cleanup(PREFIX);
  });

  it('answers 5xx while Redis is down (never "exists") and recovers by itself', async () => {
    const app = await outageApp(proxy.port);
    const backend = app.backend;
    try {
      await waitReady(backend);
      const ok = await postTwo(app);
      assert.equal(ok.statusCode, 200);
      const [first] = ok.json<{ responses: { uuid: string }[] }>().responses;
      assert.ok(first?.uuid);

      await proxy.cut();
      await assertDown(app, first?.uuid);

      await proxy.restore();
      await assertRecovers(app, first?.uuid);
    } finally {
      await app.closeResources();
      await Promise.all([app.publicApp.close(), app.adminApp.close()]);
    }
  });
});
