// The guarded spreads of the auction's busiest copies (@gavel/common objects.ts): the same keys in
// the same order as the withProps copy they replace, the input untouched, on both paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withBidPrice } from './bid-price.js';
import { withEffectiveTmax } from './deadline.js';
import type { AuctionBid } from './types.js';
import type { Bid } from '../openrtb/types.js';

const auctionBid = (bid: Bid): AuctionBid => ({
  bidder: 'a',
  seat: 'a',
  adapterCode: 'a',
  bid,
  type: 'banner',
  originalPrice: 1,
  originalCurrency: 'USD',
});

test('withBidPrice: a new price on copies, key order kept, the input untouched', () => {
  const ab = auctionBid({ id: 'b', impid: 'i', price: 1, adm: '<a/>', ext: { x: 1 } });
  const out = withBidPrice(ab, 0.9);
  assert.equal(out.bid.price, 0.9);
  assert.deepEqual(Object.keys(out.bid), ['id', 'impid', 'price', 'adm', 'ext']);
  assert.deepEqual(Object.keys(out), Object.keys(ab));
  assert.equal(ab.bid.price, 1);
  assert.notEqual(out.bid, ab.bid);
});

test('withBidPrice: a bid without a price key gets one at the end (the withProps path)', () => {
  const out = withBidPrice(auctionBid({ id: 'b', impid: 'i' } as Bid), 2);
  assert.deepEqual(out.bid, { id: 'b', impid: 'i', price: 2 });
});

test('withBidPrice: an own "__proto__" key stays a plain key, the prototype unchanged', () => {
  const bid = JSON.parse('{"id":"b","impid":"i","price":1,"__proto__":{"polluted":true}}') as Bid;
  const out = withBidPrice(auctionBid(bid), 3);
  assert.equal(Object.getPrototypeOf(out.bid), Object.prototype);
  assert.ok(Object.hasOwn(out.bid, '__proto__'));
  assert.equal((out.bid as Record<string, unknown>)['polluted'], undefined);
});

test('withEffectiveTmax: replaces a given tmax in place; none or 0 leaves the request as it is', () => {
  const req = { id: 'r', tmax: 900, imp: [] };
  const out = withEffectiveTmax(req, 500);
  assert.deepEqual(out, { id: 'r', tmax: 500, imp: [] });
  assert.deepEqual(Object.keys(out), ['id', 'tmax', 'imp']);
  assert.equal(req.tmax, 900);
  const none: { id: string; tmax?: number } = { id: 'r' };
  assert.equal(withEffectiveTmax(none, 500), none);
  const zero = { id: 'r', tmax: 0 };
  assert.equal(withEffectiveTmax(zero, 500), zero);
});
