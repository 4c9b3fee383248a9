// readAuctionFactors / factorOf: the bid adjustment factors both the bids (adjust-bids) and the bidders' floors (floors/bidder-floors) use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factorOf, readAuctionFactors } from './factors.js';

test('no factor in the request or the account: nothing is built', () => {
  assert.equal(readAuctionFactors(undefined, undefined), undefined);
  assert.equal(readAuctionFactors(undefined, {}), undefined);
  assert.equal(readAuctionFactors({}, {}), undefined);
  assert.equal(readAuctionFactors({ mediatypes: {} }, {}), undefined);
  // only positive numbers count
  assert.equal(readAuctionFactors({ a: 0, b: -1, c: '2' }, { d: null }), undefined);
});

test('bidder names are case-insensitive; the media type wins over the request, the request over the account', () => {
  const f = readAuctionFactors(
    { AppNexus: 1.2, Rubicon: 0.9, mediatypes: { video: { APPNEXUS: 0.5 } } },
    { appnexus: 2, openx: 1.1 },
  );
  assert.ok(f);
  assert.equal(factorOf(f, 'video', 'appnexus'), 0.5);
  assert.equal(factorOf(f, 'banner', 'appnexus'), 1.2);
  assert.equal(factorOf(f, 'video', 'rubicon'), 0.9);
  assert.equal(factorOf(f, 'banner', 'openx'), 1.1);
  assert.equal(factorOf(f, 'banner', 'ix'), undefined);
  // `mediatypes` is not a bidder
  assert.equal(f.byBidder.has('mediatypes'), false);
});

test('the account alone is enough', () => {
  const f = readAuctionFactors(undefined, { Criteo: 0.8 });
  assert.ok(f);
  assert.equal(factorOf(f, 'banner', 'criteo'), 0.8);
});
