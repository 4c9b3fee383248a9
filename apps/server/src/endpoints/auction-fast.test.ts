// POST /openrtb2/auction over a real socket: the fast path (before Fastify routes the request)
// answers exactly as the Fastify route does — a POST with a query takes that route — for bids,
// errors, gzip bodies and gzip answers, and records the auction for analytics the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import { logAnalyticsWorld } from '../analytics/analytics.testkit.js';

function twoBids(req: OutgoingRequest) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  const bid = (n: number) => ({
    id: `b${n}`,
    impid: body.imp[0]?.id,
    price: n,
    w: 300,
    h: 250,
    crid: 'c',
    adm: `<div>${'x'.repeat(600)}</div>`,
  });
  return jsonResponse(200, { id: body.id, seatbid: [{ bid: [bid(1), bid(2)] }] });
}

const auction = (id: string) =>
  JSON.stringify({
    id,
    site: { page: 'https://p.example/', publisher: { id: 'open' } },
    imp: [{ id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } }],
  });

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: 'POST',
    body,
    headers: { 'x-request-id': 'rid-1', origin: 'https://pub.example', ...headers },
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const { date: _date, ...rest } = res.headers;
  const text = (rest['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  return { status: res.statusCode, headers: Object.entries(rest), text };
}

test('the fast auction answers as the Fastify route: bids, errors, gzip in and out, analytics', async () => {
  const { file, config } = await logAnalyticsWorld({ open: {} });
  const app = await buildTestApp(testConfig(config), { transport: scriptedTransport(twoBids) });
  const base = await app.publicApp.listen({ port: 0, host: '127.0.0.1' });
  const fast = `${base}/openrtb2/auction`;
  const viaFastify = `${fast}?via=fastify`;
  const cases: Array<[string, string | Buffer, Record<string, string>]> = [
    ['bids', auction('r-1'), {}],
    ['text/plain', auction('r-2'), { 'content-type': 'text/plain' }],
    ['gzip body', gzipSync(auction('r-3')), { 'content-encoding': 'gzip' }],
    ['gzip answer', auction('r-4'), { 'accept-encoding': 'gzip' }],
    ['not json', 'nope', {}],
    ['no imp', JSON.stringify({ id: 'x', imp: [] }), {}],
  ];
  for (const [name, body, headers] of cases) {
    const a = await post(fast, body, headers);
    const b = await post(viaFastify, body, headers);
    assert.deepEqual(a, b, name);
    if (name === 'bids') {
      assert.equal(a.status, 200);
      assert.equal(JSON.parse(a.text).seatbid[0].bid.length, 2);
      assert.ok(a.headers.some(([k, v]) => k === 'x-prebid' && String(v).startsWith('gavel/')));
    }
    if (name === 'gzip answer')
      assert.ok(a.headers.some(([k, v]) => k === 'content-encoding' && v === 'gzip'));
    if (name === 'not json') assert.equal(a.status, 400);
  }
  await app.publicApp.close();
  await app.closeResources();
  const ids = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; request?: { id: string } })
    .filter((l) => l.kind === 'auction')
    .map((l) => l.request?.id);
  // One record per answer on either path (a body that is not JSON: a record without a request).
  assert.deepEqual(ids, ['r-1', 'r-1', 'r-2', 'r-2', 'r-3', 'r-3', 'r-4', 'r-4', undefined, undefined]);
});
