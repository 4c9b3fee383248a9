// Invalid bidders on the page (issue 24) through createApp (inject): POST /openrtb2/auction, GET
// /openrtb2/amp and POST /openrtb2/video share the validation. Host `auction.invalid-bidders` and the
// account's `invalid_bidders` over it; default `drop`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bidFor, buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import { createMemorySource, type MemoryTables } from '../stored/memory-source.js';
import type { CacheTransport } from '../cache-client/cache-client.js';

type Obj = Record<string, unknown>;

const bidders = {
  alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner', 'video'] } },
  beta: { endpoint: 'http://beta.test/bid', capabilities: { site: ['banner', 'video'] } },
};

const banner = { format: [{ w: 300, h: 250 }] };

function request(account: string, bidder: Obj): Obj {
  return {
    id: 'r1',
    site: { page: 'https://pub.example/', publisher: { id: account } },
    imp: [{ id: 'i1', banner, ext: { core: { bidder } } }],
  };
}

const cacheStub: CacheTransport = async (body) => {
  const n = (JSON.parse(body) as { puts: unknown[] }).puts.length;
  return {
    status: 200,
    body: JSON.stringify({ responses: Array.from({ length: n }, (_v, i) => ({ uuid: `c${i}` })) }),
  };
};

const accounts = {
  strict: JSON.stringify({ invalid_bidders: 'reject' }),
  lenient: JSON.stringify({ invalid_bidders: 'drop' }),
  broken: JSON.stringify({ invalid_bidders: 'maybe' }),
};

async function app(auction: Obj = {}, tables: MemoryTables = {}) {
  const transport = scriptedTransport((req) => bidFor(req, 1.5));
  const stored = createMemorySource(Object.assign({ account: accounts }, tables));
  const built = await buildTestApp(testConfig({ bidders, auction, video: { enabled: true } }), {
    transport,
    storedSources: [stored],
    cacheTransport: cacheStub,
  });
  return { app: built, transport };
}

async function post(a: Awaited<ReturnType<typeof app>>, body: Obj) {
  return a.app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: body });
}

const UNKNOWN_LINE =
  'request.imp[0].ext.core.bidder contains unknown bidder: nobody. Did you forget an alias in request.ext.core.aliases?';

test('auction, default drop: the valid bidder bids, the unknown one is a warning naming imp and bidder', async () => {
  const a = await app();
  try {
    const res = await post(a, request('any', { alpha: {}, nobody: {} }));
    assert.equal(res.statusCode, 200, res.body);
    const out = res.json<{ seatbid: { seat: string }[]; ext: { warnings: Record<string, Obj[]> } }>();
    assert.deepEqual(
      out.seatbid.map((s) => s.seat),
      ['alpha'],
    );
    assert.deepEqual(out.ext.warnings['general'], [
      {
        code: 10999,
        message: `request.imp[0].ext.core.bidder.nobody was dropped with a reason: ${UNKNOWN_LINE}`,
      },
    ]);
    assert.equal(a.transport.sent.length, 1);
    // Invalid params of a built-in bidder: that bidder alone is dropped.
    const params = await post(a, request('any', { alpha: {}, appnexus: 5 }));
    assert.equal(params.statusCode, 200, params.body);
    const warned = params.json<{ ext: { warnings: Record<string, Obj[]> } }>().ext.warnings['general'];
    assert.match(
      String(warned?.[0]?.['message']),
      /^request\.imp\[0\]\.ext\.core\.bidder\.appnexus was dropped with a reason: request\.imp\[0\]\.ext\.core\.bidder\.appnexus failed validation\./,
    );
    assert.equal(a.transport.sent.length, 2);
    // Nothing valid left on the only imp: 400 naming request.imp, the dropped bidder listed first.
    const none = await post(a, request('any', { nobody: {} }));
    assert.equal(none.statusCode, 400);
    const lines = none.body.trim().split('\n');
    assert.match(
      lines[0] ?? '',
      /^Invalid request: request\.imp\[0\]\.ext\.core\.bidder\.nobody was dropped/,
    );
    assert.match(
      none.body,
      /Invalid request: request\.imp must contain at least one imp with a valid bidder/,
    );
  } finally {
    await a.app.closeResources();
  }
});

test('auction: host reject answers 400 as upstream Go; an account with invalid_bidders drop still runs', async () => {
  const a = await app({ 'invalid-bidders': 'reject' });
  try {
    const res = await post(a, request('any', { alpha: {}, nobody: {} }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.body, `Invalid request: ${UNKNOWN_LINE}\n`);
    const lenient = await post(a, request('lenient', { alpha: {}, nobody: {} }));
    assert.equal(lenient.statusCode, 200, lenient.body);
    assert.equal(a.transport.sent.length, 1);
  } finally {
    await a.app.closeResources();
  }
});

test('auction: an account with invalid_bidders reject gets the 400 on a drop host; a bad value is malformed', async () => {
  const a = await app();
  try {
    const strict = await post(a, request('strict', { alpha: {}, nobody: {} }));
    assert.equal(strict.statusCode, 400);
    assert.equal(strict.body, `Invalid request: ${UNKNOWN_LINE}\n`);
    const broken = await post(a, request('broken', { alpha: {} }));
    assert.equal(broken.statusCode, 500);
    assert.match(broken.body, /account config for account id "broken" is malformed/);
    assert.equal(a.transport.sent.length, 0);
  } finally {
    await a.app.closeResources();
  }
});

test('AMP shares it: the stored tag with an unknown bidder still gets the valid bid (drop), 400 with reject', async () => {
  const tag = JSON.stringify({
    id: 'x',
    site: { page: 'https://pub.example/amp' },
    imp: [{ id: 'slot', banner, ext: { core: { bidder: { alpha: {}, nobody: {} } } } }],
  });
  const tables: MemoryTables = { 'amp-request': { tag } };
  for (const [mode, status] of [
    ['drop', 200],
    ['reject', 400],
  ] as const) {
    const a = await app({ 'invalid-bidders': mode }, tables);
    try {
      const res = await a.app.publicApp.inject({ method: 'GET', url: '/openrtb2/amp?tag_id=tag' });
      assert.equal(res.statusCode, status, res.body);
      if (status === 200) assert.equal(res.json<{ targeting: Obj }>().targeting['hb_bidder'], 'alpha');
      else assert.match(res.body, /unknown bidder: nobody/);
    } finally {
      await a.app.closeResources();
    }
  }
});

test('video shares it: a stored imp naming an unknown bidder still runs the valid one (drop)', async () => {
  const VAST = '<VAST version="3.0"><Ad id="v"><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>';
  const transport = scriptedTransport((req) => {
    const r = JSON.parse(req.body ?? '{}') as { id: string; imp: { id: string }[] };
    const bid = { id: 'b', impid: r.imp[0]?.id, price: 2, mtype: 2, adm: VAST };
    return jsonResponse(200, { id: r.id, cur: 'USD', seatbid: [{ bid: [bid] }] });
  });
  const stored = createMemorySource({
    request: { vreq: JSON.stringify({ site: { page: 'https://tv.example' } }) },
    imp: { cfg: JSON.stringify({ ext: { alpha: { zone: 1 }, nobody: {} } }) },
  });
  const built = await buildTestApp(testConfig({ bidders, video: { enabled: true } }), {
    transport,
    storedSources: [stored],
    cacheTransport: cacheStub,
  });
  try {
    const res = await built.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/video',
      payload: {
        storedrequestid: 'vreq',
        podconfig: {
          durationrangesec: [15, 30],
          pods: [{ podid: 1, adpoddurationsec: 30, configid: 'cfg' }],
        },
        video: { w: 640, h: 480, mimes: ['video/mp4'], protocols: [2, 3] },
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(transport.sent.length >= 1);
    assert.ok(transport.sent.every((s) => s.uri.startsWith('http://alpha.test/')));
  } finally {
    await built.closeResources();
  }
});
