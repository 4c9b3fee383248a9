// The bidder framework pieces through a whole auction (POST /openrtb2/auction): adapters convert with
// the request's rates, 2.5 vs 2.6 placement per bidder info, PAAPI configs in ext.<ns>.fledge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidderModule } from '../bidders/info.js';
import type { Adapter } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';

const seen: { bidder: string; floor: number; body: BidRequest }[] = [];

const adapter: Adapter = {
  makeRequests: (request, ctx) => {
    seen.push({
      bidder: ctx.bidder,
      floor: ctx.convertCurrency(1, 'EUR', 'USD'),
      body: request,
    });
    return {
      value: [{ method: 'POST', uri: ctx.endpoint, body: JSON.stringify(request), impIds: ['i1'] }],
      errors: [],
    };
  },
  makeBids: () => ({
    value: {
      bids: [],
      fledgeAuctionConfigs: [{ impid: 'i1', bidder: 'paapi', config: { seller: 'https://s' } }],
    },
    errors: [],
  }),
};

const module = (code: string, version?: '2.6'): BidderModule => ({
  code,
  info: {
    endpoint: `http://${code}.test/`,
    enabled: true,
    capabilities: { site: ['banner'] },
    ...(version ? { openrtbVersion: version } : {}),
  },
  paramsSchema: { type: 'object' },
  adapter,
});

test('an auction: request rates reach adapters, per-version placement, fledge auction configs', async () => {
  const transport = scriptedTransport(() => jsonResponse(200, {}));
  const app = await buildTestApp(testConfig({ 'ext-namespace': 'prebid' }), {
    transport,
    extraBidders: [module('paapi'), module('modern', '2.6')],
  });
  const body = {
    id: 'r',
    site: { page: 'https://p.example/' },
    regs: { ext: { us_privacy: '1NNN' } },
    imp: [
      {
        id: 'i1',
        rwdd: 1,
        banner: { format: [{ w: 300, h: 250 }] },
        ext: { ae: 1, prebid: { bidder: { paapi: {}, alias1: {}, modern: {} } } },
      },
    ],
    ext: { prebid: { aliases: { alias1: 'paapi' }, currency: { rates: { EUR: { USD: 1.25 } } } } },
  };
  const res = await app.publicApp.inject({ method: 'POST', url: '/openrtb2/auction', payload: body });
  assert.equal(res.statusCode, 200, res.body);
  const by = new Map(seen.map((s) => [s.bidder, s]));
  assert.equal(by.get('paapi')?.floor, 1.25);
  assert.deepEqual(by.get('paapi')?.body.regs, { ext: { us_privacy: '1NNN' } });
  assert.equal(by.get('paapi')?.body.imp[0]?.rwdd, undefined);
  assert.deepEqual(by.get('paapi')?.body.imp[0]?.ext, {
    ae: 1,
    bidder: {},
    prebid: { is_rewarded_inventory: 1 },
  });
  assert.deepEqual(by.get('modern')?.body.regs, { us_privacy: '1NNN' });
  assert.equal(by.get('modern')?.body.imp[0]?.rwdd, 1);
  const answer = res.json<{ ext: { prebid: { fledge: { auctionconfigs: { bidder: string }[] } } } }>();
  const configs = answer.ext.prebid.fledge.auctionconfigs;
  assert.deepEqual(configs.map((c) => c.bidder).sort(), ['alias1', 'modern', 'paapi']);
  assert.deepEqual(
    configs.find((c) => c.bidder === 'alias1'),
    { impid: 'i1', bidder: 'alias1', adapter: 'paapi', config: { seller: 'https://s' } },
  );
  await app.closeResources();
});
