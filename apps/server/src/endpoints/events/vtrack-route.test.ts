import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, testConfig } from '../../../test/harness.js';
import { createMemorySource } from '../../stored/memory-source.js';
import type { CacheTransport } from '../../cache-client/cache-client.js';

const accounts = createMemorySource({
  account: {
    on: JSON.stringify({ events: { enabled: true } }),
    off: JSON.stringify({ events: { enabled: false } }),
  },
});

const bidders = {
  vastok: {
    endpoint: 'http://vastok.test',
    capabilities: { site: ['video'] },
    'modifying-vast-xml-allowed': true,
  },
  vastno: { endpoint: 'http://vastno.test', capabilities: { site: ['video'] } },
};

const VAST = '<VAST version="3.0"><Ad><InLine><Impression>https://i</Impression></InLine></Ad></VAST>';

function stubCache(answer?: (puts: unknown[]) => { status: number; body: string }) {
  const sent: { puts: Record<string, unknown>[] }[] = [];
  const transport: CacheTransport = async (body) => {
    const doc = JSON.parse(body) as { puts: Record<string, unknown>[] };
    sent.push(doc);
    if (answer) return answer(doc.puts);
    return { status: 200, body: JSON.stringify({ responses: doc.puts.map((_, i) => ({ uuid: `u${i}` })) }) };
  };
  return { sent, transport };
}

async function appWith(cache: CacheTransport | undefined, overrides: Record<string, unknown> = {}) {
  return buildTestApp(testConfig({ bidders, 'external-url': 'https://gavel.test', ...overrides }), {
    storedSources: [accounts],
    ...(cache ? { cacheTransport: cache } : {}),
  });
}

const put = (bidder: string, extra: Record<string, unknown> = {}) => ({
  bidid: `bid-${bidder}`,
  bidder,
  type: 'xml',
  value: VAST,
  ...extra,
});

test('POST /vtrack: tracker inserted for allowed and unknown bidders, vtrack fields stripped, uuids as the cache gave them', async () => {
  const cache = stubCache();
  const app = await appWith(cache.transport);
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/vtrack?a=on&int=web',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      puts: [
        put('vastok', { timestamp: 1700000000000, ttlseconds: 300 }),
        put('vastno'),
        put('nobodyknows', { key: 'k1', aid: 'auction-1' }),
      ],
    }),
  });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  assert.equal(res.body, '{"responses":[{"uuid":"u0"},{"uuid":"u1"},{"uuid":"u2"}]}');
  const tracker = (q: string) => `<Impression><![CDATA[https://gavel.test/event?${q}]]></Impression>`;
  assert.deepEqual(cache.sent[0]?.puts, [
    {
      type: 'xml',
      ttlseconds: 300,
      value: VAST.replace(
        '</Impression>',
        `</Impression>${tracker('t=imp&b=bid-vastok&a=on&bidder=vastok&f=b&int=web&ts=1700000000000')}`,
      ),
    },
    { type: 'xml', value: VAST },
    {
      type: 'xml',
      key: 'k1',
      value: VAST.replace(
        '</Impression>',
        `</Impression>${tracker('t=imp&b=bid-nobodyknows&a=on&bidder=nobodyknows&aid=auction-1&f=b&int=web')}`,
      ),
    },
  ]);
  await app.closeResources();
});

test('POST /vtrack: account without events, or unknown bidders refused by the host → VAST unchanged; default TTL', async () => {
  const cache = stubCache();
  const app = await appWith(cache.transport, {
    vtrack: { 'allow-unknown-bidder': false, 'default-ttl-seconds': 600 },
  });
  const send = (a: string, bidder: string) =>
    app.publicApp.inject({ method: 'POST', url: `/vtrack?a=${a}`, payload: { puts: [put(bidder)] } });
  assert.equal((await send('off', 'vastok')).statusCode, 200);
  assert.equal((await send('on', 'stranger')).statusCode, 200);
  assert.equal((await send('on', 'vastok')).statusCode, 200);
  assert.deepEqual(cache.sent[0]?.puts, [{ type: 'xml', value: VAST, ttlseconds: 600 }]);
  assert.deepEqual(cache.sent[1]?.puts, [{ type: 'xml', value: VAST, ttlseconds: 600 }]);
  assert.match(
    String(cache.sent[2]?.puts[0]?.['value']),
    /<Impression><!\[CDATA\[https:\/\/gavel\.test\/event\?t=imp/,
  );
  await app.closeResources();
});

test('POST /vtrack: 400 lines for the query and each bad put field; nothing cached', async () => {
  const cache = stubCache();
  const app = await appWith(cache.transport);
  const post = (url: string, payload: string) =>
    app.publicApp.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
  const noAccount = await post('/vtrack', JSON.stringify({ puts: [put('vastok')] }));
  assert.equal(noAccount.statusCode, 400);
  assert.equal(
    noAccount.body,
    "Invalid request: Account 'a' is required query parameter and can't be empty\n",
  );
  assert.equal((await post('/vtrack?a=on', '')).body, 'Invalid request: request body is empty\n');
  assert.match(
    (await post('/vtrack?a=on', '{nope')).body,
    /^Invalid request: request body is not valid JSON/,
  );
  assert.match((await post('/vtrack?a=on', '{"puts":{}}')).body, /puts an array/);
  const bad = await post(
    '/vtrack?a=on',
    JSON.stringify({
      puts: [
        { bidid: '', bidder: 'x', type: 'json', value: VAST },
        { bidid: 'b', type: 'xml', value: '<html></html>', ttlseconds: -1 },
      ],
    }),
  );
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(bad.body.trimEnd().split('\n'), [
    "Invalid request: puts[0].bidid is required and can't be empty",
    'Invalid request: puts[0].type: vtrack only accepts type xml',
    "Invalid request: puts[1].bidder is required and can't be empty",
    'Invalid request: puts[1].value: vtrack content must be VAST XML (a string containing <VAST)',
    'Invalid request: puts[1].ttlseconds must be a non-negative integer',
  ]);
  assert.equal(cache.sent.length, 0);
  await app.closeResources();
});

test('POST /vtrack: cache failure or no cache configured → 500 with the reason', async () => {
  const failing = stubCache(() => ({ status: 503, body: 'backend down' }));
  const app = await appWith(failing.transport);
  const res = await app.publicApp.inject({
    method: 'POST',
    url: '/vtrack?a=on',
    payload: { puts: [put('vastok')] },
  });
  assert.equal(res.statusCode, 500);
  assert.match(
    res.body,
    /^Error occurred while sending request to cache: Cache call to .* failed: status 503: backend down\n$/,
  );
  await app.closeResources();

  const noCache = await appWith(undefined);
  const res2 = await noCache.publicApp.inject({
    method: 'POST',
    url: '/vtrack?a=on',
    payload: { puts: [put('vastok')] },
  });
  assert.equal(res2.statusCode, 500);
  assert.match(res2.body, /cache is not configured/);
  await noCache.closeResources();
});

test('POST /vtrack: vtrack.enabled=false → no route', async () => {
  const app = await appWith(stubCache().transport, { vtrack: { enabled: false } });
  const res = await app.publicApp.inject({ method: 'POST', url: '/vtrack?a=on', payload: { puts: [] } });
  assert.equal(res.statusCode, 404);
  await app.closeResources();
});
