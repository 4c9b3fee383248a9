// run-adapter beyond the basics: endpointCompression=gzip over a real local socket, PAAPI configs
// carried out of makeBids, and the bidder's own info facts in the adapter context.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createManualClock } from '@gavel/common';
import type { Adapter, AdapterContext } from './types.js';
import type { BidderInfo } from './info.js';
import type { RegisteredBidder } from './registry.js';
import { createUndiciTransport, type BidderTransport } from './transport.js';
import { runAdapter, type RunAdapterEnv } from './run-adapter.js';
import type { BidRequest } from '../openrtb/types.js';

const request: BidRequest = { id: 'r', imp: [{ id: 'i', banner: { format: [{ w: 1, h: 1 }] } }] };

function bidderWith(adapter: Adapter, info: Partial<BidderInfo> = {}): RegisteredBidder {
  const base: BidderInfo = { endpoint: 'http://x.test', enabled: true, capabilities: { site: ['banner'] } };
  return { code: 'x', info: Object.assign(base, info), adapter, paramsSchema: {} };
}

function envOf(transport: BidderTransport, debug = false): RunAdapterEnv {
  return {
    transport,
    clock: createManualClock(0),
    deadline: 2000,
    debug,
    adapterContext: {
      server: { externalUrl: '', gvlId: 0, dataCenter: '' },
      convertCurrency: (a) => a,
      version: 't',
    },
  };
}

const postTo = (uri: string): Adapter => ({
  makeRequests: () => ({
    value: [{ method: 'POST', uri, body: '{"id":"r"}', headers: { 'X-A': 'b' }, impIds: ['i'] }],
    errors: [],
  }),
  makeBids: () => ({ value: { bids: [] }, errors: [] }),
});

test('endpointCompression gzip: the body goes out gzipped with Content-Encoding: gzip', async () => {
  const seen: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/bid`;
  const transport = createUndiciTransport({
    connectionsPerOrigin: 2,
    keepAliveTimeoutMs: 1000,
    lingerMs: 100,
  });
  try {
    const zipped = await runAdapter(
      { bidder: 'x', request },
      bidderWith(postTo(url), { endpointCompression: 'gzip' }),
      envOf(transport, true),
    );
    assert.deepEqual(zipped.errors, []);
    assert.equal(seen[0]?.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(seen[0].body).toString('utf8'), '{"id":"r"}');
    assert.equal(seen[0]?.headers['x-a'], 'b', "the adapter's headers are kept");
    // Debug shows the JSON the adapter built, and the header the bidder got.
    assert.equal(zipped.httpCalls?.[0]?.requestbody, '{"id":"r"}');
    assert.deepEqual(zipped.httpCalls?.[0]?.requestheaders?.['Content-Encoding'], ['gzip']);

    await runAdapter({ bidder: 'x', request }, bidderWith(postTo(url)), envOf(transport));
    assert.equal(seen[1]?.headers['content-encoding'], undefined, 'no compression by default');
    assert.equal(seen[1]?.body.toString('utf8'), '{"id":"r"}');
  } finally {
    await transport.close();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('PAAPI configs returned by makeBids are carried out, in call order, without bids too', async () => {
  const adapter: Adapter = {
    makeRequests: () => ({
      value: ['a', 'b'].map((p) => ({
        method: 'POST',
        uri: `http://x.test/${p}`,
        body: '{}',
        impIds: ['i'],
      })),
      errors: [],
    }),
    makeBids: (_r, call) => ({
      value: {
        bids: [],
        fledgeAuctionConfigs: call.request.uri.endsWith('a')
          ? [{ impid: 'i', bidder: 'x', config: { seller: 'a' } }, null]
          : [{ impid: 'i', config: { seller: 'b' } }],
      },
      errors: [],
    }),
  };
  const transport: BidderTransport = {
    send: async () => ({ kind: 'response', response: { status: 200, headers: {}, body: '{}' } }),
    close: async () => {},
  };
  const run = await runAdapter({ bidder: 'alias', request }, bidderWith(adapter), envOf(transport));
  assert.deepEqual(run.fledge, [
    { impid: 'i', bidder: 'x', config: { seller: 'a' } },
    { impid: 'i', config: { seller: 'b' } },
  ]);
  const none = await runAdapter(
    { bidder: 'x', request },
    bidderWith(postTo('http://x.test')),
    envOf(transport),
  );
  assert.equal(none.fledge, undefined);
});

test('the adapter context carries the bidder name, endpoint, extraInfo, platformId and appSecret', async () => {
  let seen: AdapterContext | undefined;
  const adapter: Adapter = {
    makeRequests: (_r, ctx) => {
      seen = ctx;
      return { value: [], errors: [] };
    },
    makeBids: () => ({ value: null, errors: [] }),
  };
  const info = { extraInfo: { a: 1 }, platformId: 'p1', appSecret: 's1' };
  const transport: BidderTransport = { send: async () => ({ kind: 'timeout' }), close: async () => {} };
  await runAdapter({ bidder: 'alias', request }, bidderWith(adapter, info), envOf(transport));
  assert.equal(seen?.bidder, 'alias');
  assert.equal(seen?.endpoint, 'http://x.test');
  assert.deepEqual(seen?.extraInfo, { a: 1 });
  assert.equal(seen?.platformId, 'p1');
  assert.equal(seen?.appSecret, 's1');
});
