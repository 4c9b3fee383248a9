// PAAPI / fledge configs through the auction (upstream exchange collectFledgeFromSeatBid and
// makeExtBidResponse): ext.<ns>.fledge.auctionconfigs = [{impid, bidder, adapter, config}], only
// when some bidder returned configs; the per-auction currency of adapters (request rates first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import type { BidRequest } from '../../openrtb/types.js';
import type { Adapter } from '../../bidders/types.js';
import { createBidderRegistry } from '../../bidders/registry.js';
import { createRateTable } from '../../currency/rate-table.js';
import type { AuctionContext, BidderRequest, SeatResult } from '../types.js';
import { buildResponse } from './build-response.js';
import { callBidders, seatsFromStoredAuction } from './call-bidders.js';

const request: BidRequest = {
  id: 'r',
  imp: [{ id: 'i1', banner: { format: [{ w: 300, h: 250 }] }, ext: { ae: 1 } }],
  ext: { prebid: { currency: { rates: { USD: { EUR: 0.5 } } } } },
};

function ctx(): AuctionContext {
  return {
    ns: 'prebid',
    endpoint: 'auction',
    request,
    account: { id: 'a', disabled: false, debugAllowed: true, cacheTtl: {}, eventsEnabled: false },
    http: { cookies: {}, headers: {} },
    startedAt: 42,
    bidderDeadline: 1000,
    debug: false,
    currency: 'USD',
    warnings: [],
  };
}

let floors: number[] = [];
const paapi: Adapter = {
  makeRequests: (req, c) => {
    floors.push(c.convertCurrency(2, 'USD', 'EUR'));
    return {
      value: [{ method: 'POST', uri: 'http://x.test', body: '{}', impIds: [req.imp[0]!.id] }],
      errors: [],
    };
  },
  makeBids: () => ({
    value: {
      bids: [],
      fledgeAuctionConfigs: [{ impid: 'i1', bidder: 'openx', config: { seller: 's.com' } }],
    },
    errors: [],
  }),
};

const registry = createBidderRegistry({
  builtIns: [
    {
      code: 'openx',
      info: { endpoint: 'http://x.test', enabled: true, capabilities: { site: ['banner'] } },
      paramsSchema: {},
      adapter: paapi,
    },
  ],
  genericAdapter: paapi,
});

const respond = async () => ({
  kind: 'response' as const,
  response: { status: 200, headers: {}, body: '{}' },
});

test('configs of bidders and aliases: bidder = the request name, adapter = what the adapter named', async () => {
  floors = [];
  const c = ctx();
  const brs: BidderRequest[] = [
    { bidder: 'openx', adapterCode: 'openx', request },
    { bidder: 'myalias', adapterCode: 'openx', request },
  ];
  const seats = await callBidders(c, brs, {
    registry,
    transport: { send: respond, close: async () => {} },
    clock: createManualClock(0),
    adapterContext: {
      server: { externalUrl: '', gvlId: 0, dataCenter: '' },
      convertCurrency: () => -1,
      version: 't',
    },
    rates: { server: createRateTable({ USD: { EUR: 0.9 } }) },
  });
  assert.deepEqual(floors, [1, 1], "adapters convert with the request's rates first");
  const response = buildResponse(c, { bids: [], seats, errors: {}, generalWarnings: [], tmaxMs: 0 });
  assert.deepEqual(response.ext?.prebid, {
    auctiontimestamp: 42,
    fledge: {
      auctionconfigs: [
        { impid: 'i1', bidder: 'openx', adapter: 'openx', config: { seller: 's.com' } },
        { impid: 'i1', bidder: 'myalias', adapter: 'openx', config: { seller: 's.com' } },
      ],
    },
  });
});

test('no configs → no fledge key; the context converter is used when the pipeline gives no rates', async () => {
  const seats: SeatResult[] = [{ bidder: 'a', bids: [], errors: [], warnings: [] }];
  const response = buildResponse(ctx(), { bids: [], seats, errors: {}, generalWarnings: [], tmaxMs: 0 });
  assert.deepEqual(response.ext?.prebid, { auctiontimestamp: 42 });
  floors = [];
  await callBidders(ctx(), [{ bidder: 'openx', adapterCode: 'openx', request }], {
    registry,
    transport: { send: respond, close: async () => {} },
    clock: createManualClock(0),
    adapterContext: {
      server: { externalUrl: '', gvlId: 0, dataCenter: '' },
      convertCurrency: () => -1,
      version: 't',
    },
  });
  assert.deepEqual(floors, [-1]);
});

test('stored auction responses: seatbid.ext.<ns>.fledge configs are reported for the stored imp', () => {
  const seats = seatsFromStoredAuction(
    ctx(),
    new Map([
      [
        'i1',
        [
          {
            seat: 'openx',
            bid: [{ id: 'b', impid: 'i1', price: 1 }],
            ext: { prebid: { fledge: { auctionconfigs: [{ impid: 'x', config: { seller: 's' } }] } } },
          },
        ],
      ],
    ]),
  );
  assert.deepEqual(seats[0]?.fledge, [
    { impid: 'i1', bidder: 'openx', adapter: 'openx', config: { seller: 's' } },
  ]);
});
