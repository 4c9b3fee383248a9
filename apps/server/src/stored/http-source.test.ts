import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpSource } from './http-source.js';

async function serve(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stored`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

test('http: one GET with every id; absent ids are not found; responses come back as text', async () => {
  const seen: string[] = [];
  const srv = await serve((req, res) => {
    seen.push(req.url ?? '');
    const url = new URL(req.url ?? '', 'http://x');
    const kind = url.searchParams.get('kind');
    const docs: Record<string, unknown> =
      kind === 'response' ? { r: [{ seat: 'a', bid: [] }], t: '[]' } : { a: { id: 'A' }, b: { id: 'B' } };
    const out = Object.fromEntries(
      url.searchParams.getAll('id').flatMap((id) => (id in docs ? [[id, docs[id]]] : [])),
    );
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(out));
  });
  const source = createHttpSource({ endpoint: srv.url, timeoutMs: 1000 });
  try {
    const r = await source.fetch('imp', ['a', 'b', 'c', 'a']);
    assert.deepEqual(seen, ['/stored?kind=imp&id=a&id=b&id=c']);
    assert.deepEqual(Object.fromEntries(r.found), { a: { id: 'A' }, b: { id: 'B' } });
    assert.deepEqual(
      r.errors.map((e) => [e.id, e.reason]),
      [['c', 'not-found']],
    );
    const responses = await source.fetch('response', ['r', 't']);
    assert.equal(responses.found.get('r'), '[{"seat":"a","bid":[]}]');
    assert.equal(responses.found.get('t'), '[]');
  } finally {
    await source.close?.();
    await srv.close();
  }
});

test('http: a failing or slow endpoint makes every id unavailable, never a throw', async () => {
  const srv = await serve((req, res) => {
    if (req.url?.includes('kind=account')) setTimeout(() => res.end('{}'), 500);
    else {
      res.statusCode = 500;
      res.end('boom');
    }
  });
  const source = createHttpSource({ endpoint: srv.url, timeoutMs: 100 });
  try {
    const failed = await source.fetch('request', ['x']);
    assert.deepEqual(
      failed.errors.map((e) => e.reason),
      ['unavailable'],
    );
    assert.match(failed.errors[0]?.detail ?? '', /status 500/);
    const slow = await source.fetch('account', ['y']);
    assert.deepEqual(
      slow.errors.map((e) => e.reason),
      ['unavailable'],
    );
  } finally {
    await source.close?.();
    await srv.close();
  }
});
