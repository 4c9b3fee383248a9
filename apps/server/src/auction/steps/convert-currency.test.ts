import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRateTable } from '../../currency/rate-table.js';
import type { AuctionBid, AuctionContext } from '../types.js';
import { convertCurrency } from './convert-currency.js';

function ctx(currency: string, ext?: Record<string, unknown>): AuctionContext {
  return {
    ns: 'prebid',
    endpoint: 'auction',
    request: { id: 'r', imp: [{ id: 'i1' }], cur: [currency], ext },
    account: { id: '', disabled: false, debugAllowed: false, cacheTtl: {}, eventsEnabled: false },
    http: { cookies: {}, headers: {} },
    startedAt: 0,
    bidderDeadline: 0,
    debug: false,
    currency,
    warnings: [],
  };
}

const bid = (bidder: string, price: number, cur: string): AuctionBid => ({
  bidder,
  seat: bidder,
  adapterCode: bidder,
  bid: { id: `${bidder}-bid`, impid: 'i1', price },
  type: 'banner',
  originalPrice: price,
  originalCurrency: cur,
});

const server = createRateTable({ USD: { MXN: 2 } });

test('converts to the ad-server currency with server rates', async () => {
  const r = await convertCurrency(ctx('MXN'), [bid('appnexus', 1, 'USD')], { serverRates: server });
  assert.deepEqual(r.errors, {});
  assert.equal(r.bids[0]?.bid.price, 2);
  assert.equal(r.bids[0]?.originalPrice, 1);
  assert.equal(r.bids[0]?.originalCurrency, 'USD');
});

test('request rates have the highest priority', async () => {
  const ext = { prebid: { currency: { rates: { USD: { MXN: 5 } }, usepbsrates: true } } };
  const r = await convertCurrency(ctx('MXN', ext), [bid('appnexus', 1, 'USD')], { serverRates: server });
  assert.equal(r.bids[0]?.bid.price, 5);
});

test('no rate → bids dropped, one error per bidder (code 999), other bidders kept', async () => {
  const r = await convertCurrency(
    ctx('GBP'),
    [bid('appnexus', 1, 'USD'), bid('appnexus', 2, 'USD'), bid('rubicon', 3, 'GBP')],
    { serverRates: server },
  );
  assert.deepEqual(r.errors, {
    appnexus: [{ code: 999, message: "Currency conversion rate not found: 'USD' => 'GBP'" }],
  });
  assert.deepEqual(
    r.bids.map((b) => [b.bidder, b.bid.price]),
    [['rubicon', 3]],
  );
});

test('useserverrates false with no request rates: only same-currency bids survive', async () => {
  const ext = { prebid: { currency: { rates: {}, usepbsrates: false } } };
  const r = await convertCurrency(ctx('MXN', ext), [bid('a', 1, 'USD'), bid('b', 1, 'MXN')], {
    serverRates: server,
  });
  assert.deepEqual(
    r.bids.map((b) => b.bidder),
    ['b'],
  );
  assert.equal(r.errors.a?.length, 1);
});
