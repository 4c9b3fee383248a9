import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Account } from '../../accounts/types.js';
import type { BidRequest } from '../../openrtb/types.js';
import type { AuctionBid, AuctionContext, SeatResult } from '../types.js';
import { adjustBids } from './adjust-bids.js';
import { validateBids } from './validate-bids.js';
import { buildResponse } from './build-response.js';
import { seatsFromStoredAuction } from './call-bidders.js';

function ctx(
  request: Partial<BidRequest> = {},
  over: Partial<AuctionContext> = {},
  acct: Partial<Account> = {},
): AuctionContext {
  return {
    ns: 'core',
    endpoint: 'auction',
    request: {
      id: 'r',
      imp: [
        { id: 'i1', banner: { format: [{ w: 300, h: 250 }] } },
        { id: 'i2', video: { mimes: ['video/mp4'], placement: 3 } },
      ],
      ...request,
    },
    account: { id: 'a', disabled: false, debugAllowed: true, cacheTtl: {}, eventsEnabled: false, ...acct },
    http: { cookies: {}, headers: {} },
    startedAt: 42,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
    ...over,
  };
}

function bid(bidder: string, price: number, over: Partial<AuctionBid> = {}, impid = 'i1'): AuctionBid {
  return {
    bidder,
    seat: bidder,
    adapterCode: bidder,
    bid: { id: `${bidder}-${impid}`, impid, price },
    type: 'banner',
    originalPrice: price,
    originalCurrency: 'USD',
    ...over,
  };
}

test('validateBids drops unknown impids, missing ids and negative prices with code 3 errors', () => {
  const seat: SeatResult = {
    bidder: 'a',
    bids: [
      bid('a', 1),
      bid('a', 1, {}, 'nope'),
      { ...bid('a', 1), bid: { id: '', impid: 'i1', price: 1 } },
      bid('a', -1),
    ],
    errors: [],
    warnings: [],
  };
  const [out] = validateBids(ctx(), [seat]);
  assert.equal(out?.bids.length, 1);
  assert.deepEqual(
    out?.errors.map((e) => e.code),
    [3, 3, 3],
  );
  assert.match(out?.errors[0]?.message ?? '', /impid "nope"/);
});

test('adjustBids: per bidder (case-insensitive), media type wins, video-outstream = placement > 1, account last', () => {
  const c = ctx(
    {
      ext: {
        core: {
          bidadjustmentfactors: {
            APPNEXUS: 0.9,
            rubicon: 0.5,
            mediatypes: { 'video-outstream': { appnexus: 0.3 }, banner: { rubicon: 2 } },
          },
        },
      },
    },
    {},
    { bidAdjustmentFactors: { pubmatic: 0.1 } },
  );
  const out = adjustBids(c, [
    bid('appnexus', 1.1),
    bid('appnexus', 2, { type: 'video' }, 'i2'),
    bid('rubicon', 0.3),
    bid('pubmatic', 3),
    bid('other', 5),
  ]);
  assert.deepEqual(
    out.map((b) => b.bid.price),
    [0.99, 0.6, 0.6, 0.3, 5],
  );
  assert.equal(out[0]?.originalPrice, 1.1);
});

test('buildResponse: seatbids per seat, bid.ext shape, errors, warnings, timings, debug', () => {
  const c = ctx({}, { debug: true, warnings: [{ code: 10, message: 'w' }] });
  const seats: SeatResult[] = [
    {
      bidder: 'a',
      bids: [],
      errors: [{ code: 1, message: 'late' }],
      warnings: [],
      responseTimeMs: 12,
      httpCalls: [{ uri: 'u', requestbody: '{}' }],
    },
    { bidder: 'b', bids: [], errors: [], warnings: [], responseTimeMs: 3 },
  ];
  const res = buildResponse(c, {
    bids: [
      bid('b', 1.5, {
        bid: { id: 'x', impid: 'i1', price: 1.5, ext: { own: 1, core: { dropped: true, meta: { m: 1 } } } },
        meta: { adaptercode: 'b' },
        originalPrice: 2,
        originalCurrency: 'EUR',
        targeting: { hb_pb: '1.50' },
      }),
      bid('b', 1, { seat: 'b2' }),
    ],
    seats,
    errors: { core: [{ code: 999, message: 'cache down' }] },
    generalWarnings: c.warnings,
    tmaxMs: 800,
  });
  assert.equal(res.cur, 'USD');
  assert.deepEqual(
    res.seatbid?.map((s) => s.seat),
    ['b', 'b2'],
  );
  assert.deepEqual(res.seatbid?.[0]?.bid[0]?.ext, {
    own: 1,
    origbidcpm: 2,
    origbidcur: 'EUR',
    // Of the bid's own ext.core only meta survives (upstream makeBidExtJSON).
    core: { type: 'banner', meta: { m: 1, adaptercode: 'b' }, targeting: { hb_pb: '1.50' } },
  });
  const ext = JSON.parse(JSON.stringify(res.ext));
  assert.deepEqual(ext.errors, {
    a: [{ code: 1, message: 'late' }],
    core: [{ code: 999, message: 'cache down' }],
  });
  assert.deepEqual(ext.warnings, { general: [{ code: 10, message: 'w' }] });
  assert.deepEqual(ext.responsetimemillis, { a: 12, b: 3 });
  assert.equal(ext.tmaxrequest, 800);
  assert.deepEqual(ext.debug.httpcalls, { a: [{ uri: 'u', requestbody: '{}' }] });
  assert.equal(ext.debug.resolvedrequest.id, 'r');
  assert.deepEqual(ext.core, { auctiontimestamp: 42 });
});

test('stored auction responses become seats grouped by seat across imps, typed by ext or imp', () => {
  const c = ctx();
  const seats = seatsFromStoredAuction(
    c,
    new Map([
      ['i1', [{ seat: 's1', bid: [{ id: 'a', impid: 'i1', price: 1 }] }]],
      [
        'i2',
        [
          { seat: 's1', bid: [{ id: 'b', impid: 'i2', price: 2 }] },
          { seat: 's2', bid: [{ id: 'c', impid: 'i2', price: 3, ext: { core: { type: 'native' } } }] },
        ],
      ],
    ]),
  );
  assert.deepEqual(
    seats.map((s) => [s.bidder, s.bids.map((b) => [b.bid.id, b.type])]),
    [
      [
        's1',
        [
          ['a', 'banner'],
          ['b', 'video'],
        ],
      ],
      ['s2', [['c', 'native']]],
    ],
  );
});
