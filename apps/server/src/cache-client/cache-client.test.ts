import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCacheClient } from './cache-client.js';
import { resolveTtl } from './ttl.js';
import { vastOf } from './vast.js';

/** Listens on an ephemeral loopback port and returns it. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** A client of the cache on `port`, one connection, with the given timeout and public host. */
function clientAt(port: number, timeoutMs: number, publicHost: string) {
  return createCacheClient({
    scheme: 'http',
    host: `127.0.0.1:${port}`,
    path: '/cache',
    publicScheme: 'https',
    publicHost,
    publicPath: '/cache',
    timeoutMs,
    connections: 1,
  });
}

test('real socket: one batched POST with JSON headers, ids in put order, keep-alive reuse', async () => {
  const bodies: string[] = [];
  const sockets = new Set<unknown>();
  const server = createServer((req, res) => {
    sockets.add(req.socket);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
      const n = (JSON.parse(body) as { puts: unknown[] }).puts.length;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ responses: Array.from({ length: n }, (_v, i) => ({ uuid: `u${i}` })) }));
    });
  });
  const port = await listen(server);
  const client = clientAt(port, 1000, 'cache.example.com');
  const r1 = await client.put([
    { type: 'json', value: { id: 'b' }, ttlseconds: 300 },
    { type: 'xml', value: '<VAST/>' },
  ]);
  assert.deepEqual(r1, { ok: true, ids: ['u0', 'u1'] });
  const r2 = await client.put([{ type: 'json', value: 1 }]);
  assert.deepEqual(r2, { ok: true, ids: ['u0'] });
  assert.equal(
    bodies[0],
    'POST /cache application/json;charset=utf-8 {"puts":[{"type":"json","value":{"id":"b"},"ttlseconds":300},{"type":"xml","value":"<VAST/>"}]}',
  );
  assert.equal(sockets.size, 1, 'the second call reused the keep-alive connection');
  assert.equal(client.publicUrl('u0'), 'https://cache.example.com/cache?uuid=u0');
  await client.close();
  await new Promise((r) => server.close(r));
  // Stopped cache: a clear error naming the cache, never a throw.
  const down = clientAt(port, 500, 'x');
  const r3 = await down.put([{ type: 'json', value: 1 }]);
  assert.equal(r3.ok, false);
  if (!r3.ok)
    assert.match(r3.error, new RegExp(`^Cache call to http://127\\.0\\.0\\.1:${port}/cache failed: `));
  await down.close();
});

test('timeout is the cache call’s own slice', async () => {
  const server = createServer(() => {
    /* never answers */
  });
  const port = await listen(server);
  const client = clientAt(port, 30, 'x');
  const r = await client.put([{ type: 'json', value: 1 }]);
  assert.deepEqual(r, {
    ok: false,
    error: `Cache call to http://127.0.0.1:${port}/cache failed: timeout exceeded`,
  });
  await client.close();
  server.closeAllConnections();
  await new Promise((res) => server.close(res));
});

test('TTL order (variant J): bid exp, imp exp, request ttlseconds, account, host', () => {
  const host = { banner: 300, video: 1500 };
  const base = { type: 'video' as const, account: {}, host };
  assert.equal(resolveTtl({ ...base, bidExp: 10, impExp: 20, requestTtl: 30, account: { video: 40 } }), 10);
  assert.equal(resolveTtl({ ...base, impExp: 20, requestTtl: 30, account: { video: 40 } }), 20);
  assert.equal(resolveTtl({ ...base, bidExp: 0, requestTtl: 30, account: { video: 40 } }), 30);
  assert.equal(resolveTtl({ ...base, account: { video: 40 } }), 40);
  assert.equal(resolveTtl(base), 1500);
  assert.equal(resolveTtl({ ...base, type: 'native' }), undefined);
});

test('VAST: adm, else a wrapper around nurl, else none', () => {
  assert.equal(vastOf({ adm: '<VAST/>' }), '<VAST/>');
  assert.match(
    vastOf({ nurl: 'https://n' }) ?? '',
    /<VASTAdTagURI><!\[CDATA\[https:\/\/n\]\]><\/VASTAdTagURI>/,
  );
  assert.equal(vastOf({}), undefined);
});
