import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createUndiciTransport } from './transport.js';
import { resolveMediaType, singleFormatOf } from './media-type.js';

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; url: string; connections: () => number }> {
  let count = 0;
  const server = createServer(handler);
  server.on('connection', () => count++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { server, url: `http://127.0.0.1:${port}/`, connections: () => count };
}

const close = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

test('undici transport: answers, timeouts that keep the socket for the next call, network failures', async () => {
  const srv = await listen((req, res) => {
    const delay = req.url === '/slow' ? 150 : 0;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delay);
  });
  const t = createUndiciTransport({ connectionsPerOrigin: 1, keepAliveTimeoutMs: 10_000, lingerMs: 1000 });
  try {
    const ok = await t.send({ method: 'POST', uri: srv.url, body: '{}', impIds: [] }, 500);
    assert.equal(ok.kind, 'response');
    assert.equal(ok.kind === 'response' ? ok.response.body : '', '{"ok":true}');

    const late = await t.send({ method: 'POST', uri: `${srv.url}slow`, body: '{}', impIds: [] }, 30);
    assert.deepEqual(late, { kind: 'timeout' });
    // The late answer is drained in the background; the next call reuses the one pooled socket.
    const again = await t.send({ method: 'GET', uri: srv.url, impIds: [] }, 1000);
    assert.equal(again.kind, 'response');
    assert.equal(srv.connections(), 1);

    assert.deepEqual(await t.send({ method: 'GET', uri: srv.url, impIds: [] }, 0), { kind: 'timeout' });
    const refused = await t.send({ method: 'GET', uri: 'http://127.0.0.1:1/', impIds: [] }, 500);
    assert.equal(refused.kind, 'failure');
  } finally {
    await t.close();
    await close(srv.server);
  }
});

test('undici transport: JSON defaults only where the adapter set no such header; a hung call is cut after the linger', async () => {
  const seen: Array<Record<string, string | string[] | undefined>> = [];
  let closed = 0;
  const srv = await listen((req, res) => {
    if (req.url === '/hang') {
      req.socket.once('close', () => closed++);
      return; // never answers
    }
    seen.push(req.headers);
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });
  const t = createUndiciTransport({ connectionsPerOrigin: 4, keepAliveTimeoutMs: 10_000, lingerMs: 30 });
  try {
    await t.send({ method: 'POST', uri: srv.url, body: '{}', impIds: [] }, 500);
    await t.send(
      { method: 'POST', uri: srv.url, body: '{}', headers: { 'Content-Type': 'text/plain' }, impIds: [] },
      500,
    );
    assert.equal(seen[0]?.['content-type'], 'application/json;charset=utf-8');
    assert.equal(seen[0]?.['accept'], 'application/json');
    // One Content-Type, the adapter's: rawHeaders would show a duplicate as two entries.
    assert.equal(seen[1]?.['content-type'], 'text/plain');
    assert.equal(seen[1]?.['accept'], 'application/json');

    const hung = await t.send({ method: 'POST', uri: `${srv.url}hang`, body: '{}', impIds: [] }, 20);
    assert.deepEqual(hung, { kind: 'timeout' });
    for (let i = 0; i < 50 && closed === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(closed, 1, 'the hung call is aborted (socket destroyed) once the linger is over');

    const bad = await t.send({ method: 'GET', uri: 'not a url', impIds: [] }, 500);
    assert.equal(bad.kind, 'failure');
  } finally {
    await t.close();
    await close(srv.server);
  }
});

test('undici transport: a call the dispatcher refuses at once is a failure, without waiting for the budget', async () => {
  const t = createUndiciTransport({ connectionsPerOrigin: 1, keepAliveTimeoutMs: 10_000, lingerMs: 1000 });
  await t.close();
  const started = Date.now();
  // A closed agent reports the error while dispatching: the call settles there and arms no timer.
  const refused = await t.send({ method: 'GET', uri: 'http://127.0.0.1:1/', impIds: [] }, 5000);
  assert.equal(refused.kind, 'failure');
  assert.ok(Date.now() - started < 1000, 'settled at once, not at the 5 s budget');
});

test('media type helpers: mtype, adapter type, single-format imp', () => {
  const imp = { id: 'i', banner: { format: [] } };
  assert.equal(singleFormatOf(imp), 'banner');
  assert.equal(singleFormatOf({ ...imp, video: { mimes: [] } }), undefined);
  assert.equal(resolveMediaType({ id: 'b', impid: 'i', price: 1, mtype: 2 }, 'banner', imp), 'video');
  assert.equal(resolveMediaType({ id: 'b', impid: 'i', price: 1 }, 'native', imp), 'native');
  assert.equal(resolveMediaType({ id: 'b', impid: 'i', price: 1 }, undefined, imp), 'banner');
  assert.equal(resolveMediaType({ id: 'b', impid: 'i', price: 1 }, undefined, undefined), undefined);
});
