// The floors step: request enriched only with the host switch and the account on; bids under the
// floor rejected with 301 (deals: 304 only with deal enforcement); bid.ext floors on kept bids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionBid, AuctionContext } from '../types.js';
import { DEFAULT_ACCOUNT_FLOORS } from '../../floors/index.js';
import { createConverter } from '../../currency/converter.js';
import { enforceBidFloors, floorsPerBidder, signalFloors } from './floors.js';
import { testContext } from '../context.testkit.js';
import { newAuctionBid } from '../auction-bid.js';

const converter = createConverter([]);
const svc = { hostEnabled: true, random: () => 0 };

function ctx(accountFloors: Partial<typeof DEFAULT_ACCOUNT_FLOORS> | undefined): AuctionContext {
  return testContext({
    request: {
      site: { page: 'https://p.example/' },
      imp: [{ id: 'i1', banner: { w: 300, h: 250 }, ext: { prebid: { bidder: { a: {} } } } }],
      ext: {
        prebid: {
          floors: {
            floormin: 1,
            enforcement: { floordeals: true },
            data: { modelgroups: [{ schema: { fields: ['mediaType'] }, values: { banner: 2 } }] },
          },
        },
      },
    },
    account: {
      id: 'acc',
      ...(accountFloors
        ? { priceFloors: { ...DEFAULT_ACCOUNT_FLOORS, enforceFloorsRate: 0, ...accountFloors } }
        : {}),
    },
  });
}

const bid = (id: string, price: number, dealid?: string): AuctionBid => ({
  bidder: 'a',
  seat: 'a',
  adapterCode: 'a',
  bid: { id, impid: 'i1', price, ...(dealid ? { dealid } : {}) },
  type: 'banner',
  originalPrice: price,
  originalCurrency: 'USD',
});

test('floors are signalled in imp.bidfloor only when host and account have them on', () => {
  const off = ctx({ enabled: false });
  assert.equal(signalFloors(off, svc, converter).ctx, off);
  const noHost = ctx({ enabled: true });
  assert.equal(signalFloors(noHost, { ...svc, hostEnabled: false }, converter).ctx, noHost);
  const on = signalFloors(ctx({ enabled: true }), svc, converter);
  assert.deepEqual(on.errors, []);
  const imp = on.ctx.request.imp[0];
  assert.equal(imp?.bidfloor, 2);
  assert.equal(imp?.bidfloorcur, 'USD');
});

test('bids under the floor are rejected (301); deal bids only with deal enforcement (304)', () => {
  for (const enforceDealFloors of [false, true]) {
    const signalled = signalFloors(ctx({ enabled: true, enforceDealFloors }), svc, converter).ctx;
    const res = enforceBidFloors(
      signalled,
      [bid('hi', 2.5), bid('lo', 1.5), bid('deal', 1, 'd1')],
      svc,
      converter,
    );
    assert.deepEqual(
      res.bids.map((b) => b.bid.id),
      enforceDealFloors ? ['hi'] : ['hi', 'deal'],
    );
    assert.deepEqual(
      res.rejected.map((r) => [r.bid.bid.id, r.code]),
      enforceDealFloors
        ? [
            ['lo', 301],
            ['deal', 304],
          ]
        : [['lo', 301]],
    );
    assert.equal(res.warnings[0]?.code, 10009);
    assert.deepEqual(res.bids[0]?.floors, {
      floorRule: 'banner',
      floorRuleValue: 2,
      floorValue: 2,
      floorCurrency: 'USD',
    });
  }
});

test("a bidder's floor is divided by the request's factor for it, though its own copy has no factors (G)", () => {
  const auction = signalFloors(ctx({ enabled: true }), svc, converter).ctx;
  const factors = { bidadjustmentfactors: { A: 0.5, b: 2 } };
  const withFactors: AuctionContext = {
    ...auction,
    request: {
      ...auction.request,
      ext: { prebid: { ...(auction.request.ext?.['prebid'] as object), ...factors } },
    },
  };
  // What the split gives each bidder: the imps with the floor, an ext without the factors.
  const copy = { id: 'r', imp: auction.request.imp, ext: { prebid: {} } };
  const requests = ['a', 'b', 'c'].map((bidder) => ({ bidder, adapterCode: bidder, request: copy }));
  const out = floorsPerBidder(withFactors, requests);
  assert.deepEqual(
    out.map((br) => br.request.imp[0]?.bidfloor),
    [4, 1, 2],
  );
  assert.equal(out[2], requests[2]);
  const off = { ...withFactors, account: { ...withFactors.account } };
  off.account.priceFloors = { ...DEFAULT_ACCOUNT_FLOORS, adjustForBidAdjustment: false };
  assert.deepEqual(floorsPerBidder(off, requests), requests);
  // Floors off for the account (or the host): a publisher's own imp.bidfloor is divided all the same.
  const floorsOff = { ...withFactors, account: { ...withFactors.account } };
  floorsOff.account.priceFloors = { ...DEFAULT_ACCOUNT_FLOORS, enabled: false };
  assert.deepEqual(
    floorsPerBidder(floorsOff, requests).map((br) => br.request.imp[0]?.bidfloor),
    [4, 1, 2],
  );
});

test('a bidder-layer bid keeps its keys and their order; floors replace its empty key (auction-bid.ts)', () => {
  const signalled = signalFloors(ctx({ enabled: true }), svc, converter).ctx;
  const made = newAuctionBid(bid('hi', 2.5));
  const res = enforceBidFloors(signalled, [made, bid('bare', 3)], svc, converter);
  const [full, bare] = res.bids;
  assert.deepEqual(Object.keys(full ?? {}), Object.keys(made));
  assert.equal(full?.floors?.['floorValue'], 2);
  assert.equal(made.floors, undefined, 'the input bid is not changed');
  // A bid made elsewhere (no floors key) gets the key added at the end, as before.
  assert.deepEqual(Object.keys(bare ?? {}).at(-1), 'floors');
  assert.equal(bare?.floors?.['floorValue'], 2);
});

test('a rejected bid is handed on without the code enforcement gave it', () => {
  const signalled = signalFloors(ctx({ enabled: true }), svc, converter).ctx;
  const made = newAuctionBid(bid('lo', 1.5));
  const res = enforceBidFloors(signalled, [made], svc, converter);
  assert.equal(res.rejected[0]?.code, 301);
  assert.deepEqual(Object.keys(res.rejected[0]?.bid ?? {}), Object.keys(made));
  assert.equal('code' in (res.rejected[0]?.bid ?? {}), false);
});
