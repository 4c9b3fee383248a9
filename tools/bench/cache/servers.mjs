// Child process of `npm run bench:cache`: starts one server kind on an ephemeral port and prints
// `PORT <n>`. Kinds: bare-map / bare-redis (minimal node:http baselines doing the same essential
// work: parse, id, store, answer) and gavel-memory / gavel-redis (the real cache app).
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

const kind = process.argv[2];
const prefix = `bench-${process.pid}:`;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function bareServer(store) {
  return http.createServer((req, res) => {
    const q = req.url.indexOf('?uuid=');
    if (req.method === 'GET' && q >= 0) {
      const id = req.url.slice(q + 6);
      store.get(id).then(
        (hit) => {
          if (!hit) {
            res.writeHead(404).end();
            return;
          }
          res.writeHead(200, { 'content-type': hit[0] === 'x' ? 'application/xml' : 'application/json' });
          res.end(hit.slice(1));
        },
        () => res.writeHead(500).end(),
      );
      return;
    }
    readBody(req)
      .then(async (text) => {
        const { puts } = JSON.parse(text);
        const items = puts.map((p) => [
          randomUUID(),
          p.type === 'xml' ? `x${p.value}` : `j${JSON.stringify(p.value)}`,
          p.ttlseconds || 300,
        ]);
        await store.put(items);
        const body = JSON.stringify({ responses: items.map(([uuid]) => ({ uuid })) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      })
      .catch(() => res.writeHead(500).end());
  });
}

function mapStore() {
  const map = new Map();
  return {
    get: async (id) => map.get(id),
    put: async (items) => {
      // The cheapest bound that keeps recent ids: past 200,000 entries the older half goes in
      // one sweep (insertion order). Clearing everything instead could drop ids seeded for the
      // GET case mid-seed (a `--long` run then read 404s from the baseline).
      if (map.size > 200_000) {
        let drop = map.size - 100_000;
        for (const id of map.keys()) {
          if (drop-- <= 0) break;
          map.delete(id);
        }
      }
      for (const [id, v] of items) if (!map.has(id)) map.set(id, v);
    },
  };
}

function redisStore() {
  const redis = new Redis({ host: '127.0.0.1', port: 6379 });
  return {
    get: (id) => redis.get(prefix + id),
    put: async (items) => {
      if (items.length === 1) {
        const [id, v, ttl] = items[0];
        await redis.set(prefix + id, v, 'EX', ttl, 'NX');
        return;
      }
      const multi = redis.multi();
      for (const [id, v, ttl] of items) multi.set(prefix + id, v, 'EX', ttl, 'NX');
      await multi.exec();
    },
  };
}

async function gavelServer(backend) {
  const { createCacheApp, resolveCacheConfig } = await import('@gavel/cache');
  const { createLogger } = await import('@gavel/common');
  const config = resolveCacheConfig({
    log: { level: 'silent' },
    backend: {
      type: backend,
      memory: { 'max-bytes': 128 * 1024 * 1024 },
      redis: { 'key-prefix': prefix },
    },
  });
  const app = await createCacheApp(config, {
    logger: createLogger({ level: 'silent', name: 'bench' }),
    version: { revision: 'bench', version: '0' },
  });
  return app.publicApp;
}

let port;
if (kind === 'bare-map' || kind === 'bare-redis') {
  const server = bareServer(kind === 'bare-map' ? mapStore() : redisStore());
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = server.address().port;
} else if (kind === 'gavel-memory' || kind === 'gavel-redis') {
  const app = await gavelServer(kind === 'gavel-memory' ? 'memory' : 'redis');
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = new URL(address).port;
} else {
  console.error(`unknown server kind ${kind}`);
  process.exit(2);
}
process.stdout.write(`PORT ${port}\n`);
process.on('SIGINT', () => process.exit(0));
