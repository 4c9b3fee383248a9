import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { cacheStubAnswer, mockBidderAnswer, startLoopback } from './loopback.js';
import { mockAdapter } from './mock-adapter.js';

const spec = { bidderName: 'appnexus', currency: 'EUR', price: 1.25 };
const ctx = {
  bidder: 'appnexus',
  endpoint: 'http://mock',
  server: { externalUrl: '', gvlId: 0, dataCenter: '' },
  convertCurrency: (a: number) => a,
  version: '',
};

test('mock bidder answers imp[0] only, named after the mock, 400 without a bidder key', () => {
  const ok = mockBidderAnswer(
    spec,
    JSON.stringify({ id: 'r', imp: [{ id: 'i1', ext: { bidder: {} } }, { id: 'i2' }] }),
  );
  assert.equal(ok.status, 200);
  assert.deepEqual(JSON.parse(ok.body), {
    id: 'r',
    cur: 'EUR',
    seatbid: [{ bid: [{ id: 'appnexus-bid', impid: 'i1', price: 1.25 }] }],
  });
  const withDeal = mockBidderAnswer(
    { ...spec, dealid: 'd', seat: 's' },
    JSON.stringify({ imp: [{ id: 'i', ext: { bidder: 1 } }] }),
  );
  assert.deepEqual(JSON.parse(withDeal.body).seatbid, [
    { bid: [{ id: 'appnexus-bid', impid: 'i', price: 1.25, dealid: 'd' }], seat: 's' },
  ]);
  assert.equal(mockBidderAnswer(spec, JSON.stringify({ imp: [{ id: 'i', ext: {} }] })).status, 400);
});

test('cache stub numbers the values of a batch from 0', () => {
  assert.deepEqual(JSON.parse(cacheStubAnswer('{"puts":[{},{}]}').body), {
    responses: [{ uuid: '0' }, { uuid: '1' }],
  });
});

test('mock adapter: one call per imp with the whole request; status and seat rules', () => {
  const req = { id: 'r', imp: [{ id: 'a' }, { id: 'b' }] };
  const calls = mockAdapter.makeRequests(req, ctx).value;
  assert.equal(calls.length, 2);
  assert.deepEqual(
    calls.map((c) => c.impIds),
    [['a'], ['b']],
  );
  assert.deepEqual(JSON.parse(calls[0]!.body!), req);
  assert.equal(mockAdapter.makeRequests(req, { ...ctx, endpoint: '' }).value.length, 0);

  const call = (status: number, body: string) => ({
    request: calls[0]!,
    response: { status, headers: {}, body },
  });
  const body = JSON.stringify({
    cur: 'EUR',
    seatbid: [
      {
        seat: 'x',
        bid: [
          { id: '1', impid: 'a', price: 2 },
          { id: '2', impid: 'zz', price: 1 },
        ],
      },
    ],
  });
  const res = mockAdapter.makeBids(req, call(200, body), ctx);
  assert.equal(res.value?.currency, 'EUR');
  assert.deepEqual(
    res.value?.bids.map((b) => [b.bid.id, b.type, b.seat]),
    [['1', 'banner', 'x']],
  );
  assert.equal(mockAdapter.makeBids(req, call(204, ''), ctx).value, null);
  assert.equal(mockAdapter.makeBids(req, call(400, ''), ctx).errors[0]?.code, 2);
  assert.match(
    mockAdapter.makeBids(req, call(500, ''), ctx).errors[0]?.message ?? '',
    /Unexpected status code: 500/,
  );
});

test('loopback servers answer over a real socket and record bodies', async () => {
  const server = await startLoopback((_m, _u, body) => mockBidderAnswer(spec, body));
  try {
    const res = await request(server.url, {
      method: 'POST',
      body: JSON.stringify({ id: 'r', imp: [{ id: 'i', ext: { bidder: {} } }] }),
    });
    assert.equal(res.statusCode, 200);
    assert.equal(((await res.body.json()) as { cur: string }).cur, 'EUR');
    assert.equal(server.received.length, 1);
  } finally {
    await server.close();
  }
});
