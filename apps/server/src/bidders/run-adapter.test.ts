import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import type { Adapter, OutgoingRequest } from './types.js';
import type { RegisteredBidder } from './registry.js';
import type { BidderTransport, TransportResult } from './transport.js';
import { runAdapter, type RunAdapterEnv } from './run-adapter.js';
import type { BidRequest } from '../openrtb/types.js';

const request: BidRequest = {
  id: 'r1',
  imp: [
    { id: 'b', banner: { format: [{ w: 300, h: 250 }] }, ext: { bidder: {} } },
    { id: 'v', video: { mimes: ['video/mp4'] }, ext: { bidder: {} } },
    { id: 'bv', banner: { format: [{ w: 1, h: 1 }] }, video: { mimes: ['video/mp4'] }, ext: { bidder: {} } },
  ],
};

/** An adapter that posts once per imp and reads `{bids: [...]}` answers. */
const adapter: Adapter = {
  makeRequests: (req) => ({
    value: req.imp.map((i) => ({
      method: 'POST',
      uri: `http://x.test/${i.id}`,
      body: '{}',
      headers: { 'x-a': 'b' },
      impIds: [i.id],
    })),
    errors: [],
  }),
  makeBids: (_req, call) => {
    const parsed = JSON.parse(call.response.body) as { cur?: string; bids: { bid: never; type?: never }[] };
    return { value: { currency: parsed.cur, bids: parsed.bids }, errors: [] };
  },
};

function bidder(a: Adapter = adapter, debugAllowed?: boolean): RegisteredBidder {
  return {
    code: 'x',
    info: {
      endpoint: 'http://x.test',
      enabled: true,
      capabilities: { site: ['banner', 'video'] },
      ...(debugAllowed === false ? { debugAllowed } : {}),
    },
    adapter: a,
    paramsSchema: {},
  };
}

function env(script: (req: OutgoingRequest) => TransportResult, debug = false): RunAdapterEnv {
  const transport: BidderTransport = { send: async (req) => script(req), close: async () => {} };
  return {
    transport,
    clock: createManualClock(0),
    deadline: 100,
    debug,
    adapterContext: {
      server: { externalUrl: '', gvlId: 0, dataCenter: '' },
      convertCurrency: (a) => a,
      version: 't',
    },
  };
}

const ok = (body: unknown): TransportResult => ({
  kind: 'response',
  response: { status: 200, headers: {}, body: JSON.stringify(body) },
});

test('statuses: 204 → nothing, non-2xx → code 3, timeout → code 1, network failure → code 3', async () => {
  const run = await runAdapter(
    { bidder: 'x', request },
    bidder(),
    env((req) => {
      if (req.uri.endsWith('/b'))
        return { kind: 'response', response: { status: 204, headers: {}, body: '' } };
      if (req.uri.endsWith('/v'))
        return { kind: 'response', response: { status: 503, headers: {}, body: 'down' } };
      if (req.uri.endsWith('/bv')) return { kind: 'timeout' };
      return { kind: 'failure', message: 'reset' };
    }),
  );
  assert.equal(run.bids.length, 0);
  assert.deepEqual(
    run.errors.map((e) => e.code),
    [3, 1],
  );
  assert.match(run.errors[0]?.message ?? '', /failure status: 503/);
  assert.equal(run.responseTimeMs, 0);
});

test('media type: bid.mtype, then the adapter, then the single-format imp; unknown → code 3', async () => {
  const run = await runAdapter(
    { bidder: 'x', request },
    bidder(),
    env((req) => {
      const imp = req.impIds[0];
      if (imp === 'b')
        return ok({
          cur: 'EUR',
          bids: [
            { bid: { id: '1', impid: 'b', price: 1 } },
            { bid: { id: '2', impid: 'b', price: 1, mtype: 4 } },
          ],
        });
      if (imp === 'v') return ok({ bids: [{ bid: { id: '3', impid: 'v', price: 1 }, type: 'audio' }] });
      return ok({ bids: [{ bid: { id: '4', impid: 'bv', price: 1 } }] });
    }),
  );
  assert.deepEqual(
    run.bids.map((b) => [b.typed.bid.id, b.type, b.currency]),
    [
      ['1', 'banner', 'EUR'],
      ['2', 'native', 'EUR'],
      ['3', 'audio', 'USD'],
    ],
  );
  assert.equal(run.errors.length, 1);
  assert.match(run.errors[0]?.message ?? '', /bid "4": cannot determine its media type/);
});

test('adapter exceptions become errors (999 building, 3 reading) instead of failing the auction', async () => {
  const broken: Adapter = {
    makeRequests: (req, c) => adapter.makeRequests(req, c),
    makeBids: () => {
      throw new Error('boom');
    },
  };
  const run = await runAdapter(
    { bidder: 'x', request },
    bidder(broken),
    env(() => ok({})),
  );
  assert.deepEqual(
    run.errors.map((e) => e.code),
    [3, 3, 3],
  );
  const noReq: Adapter = {
    ...adapter,
    makeRequests: () => {
      throw new Error('bad');
    },
  };
  const run2 = await runAdapter(
    { bidder: 'x', request },
    bidder(noReq),
    env(() => ok({})),
  );
  assert.deepEqual(
    run2.errors.map((e) => e.code),
    [999],
  );
  assert.equal(run2.responseTimeMs, undefined);
});

test('debug capture: uri, body, headers, status and response; refused for bidders that disallow it', async () => {
  const run = await runAdapter(
    { bidder: 'x', request: { ...request, imp: [request.imp[0]!] } },
    bidder(),
    env(() => ok({ bids: [] }), true),
  );
  assert.deepEqual(run.httpCalls, [
    {
      uri: 'http://x.test/b',
      requestbody: '{}',
      requestheaders: { 'x-a': ['b'] },
      responsebody: '{"bids":[]}',
      status: 200,
    },
  ]);
  const refused = await runAdapter(
    { bidder: 'x', request },
    bidder(adapter, false),
    env(() => ok({ bids: [] }), true),
  );
  assert.equal(refused.httpCalls, undefined);
  assert.equal(refused.warnings[0]?.code, 10003);
});

test('stored bid responses stand in for the call of their imp; the impid is replaced by default', async () => {
  const sent: string[] = [];
  const run = await runAdapter(
    {
      bidder: 'x',
      request,
      storedBidResponses: { b: JSON.stringify({ bids: [{ bid: { id: 's', impid: 'other', price: 2 } }] }) },
    },
    bidder(),
    env((req) => {
      sent.push(req.uri);
      return { kind: 'response', response: { status: 204, headers: {}, body: '' } };
    }),
  );
  assert.deepEqual(sent, ['http://x.test/v', 'http://x.test/bv']);
  assert.deepEqual(
    run.bids.map((b) => [b.typed.bid.impid, b.type]),
    [['b', 'banner']],
  );
});

test('a transport that throws or rejects fails its call like a network error, not the auction', async () => {
  for (const fault of ['throws', 'rejects'] as const) {
    const transport: BidderTransport = {
      send: (req) => {
        if (fault === 'throws') throw new Error(`broken ${req.uri}`);
        return Promise.reject(new Error(`broken ${req.uri}`));
      },
      close: async () => {},
    };
    const run = await runAdapter(
      { bidder: 'x', request },
      bidder(),
      Object.assign(
        env(() => ok({})),
        { transport },
      ),
    );
    assert.equal(run.bids.length, 0);
    assert.ok(run.errors.length > 0, fault);
    assert.ok(
      run.errors.every((e) => e.code === 3 && /Bidder call failed: broken/.test(e.message)),
      `${fault}: ${JSON.stringify(run.errors)}`,
    );
  }
});
