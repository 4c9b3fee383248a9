import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import type { AuctionBid, AuctionContext } from '../types.js';
import { adjustBids } from './adjust-bids.js';

function ctx(factors: Record<string, number>): AuctionContext {
  return {
    ns: 'core',
    endpoint: 'auction',
    request: {
      id: 'r',
      imp: [{ id: 'i1', banner: { format: [{ w: 300, h: 250 }] } }],
      ext: { core: { bidadjustmentfactors: factors } },
    },
    account: { id: 'a', disabled: false, debugAllowed: true, cacheTtl: {}, eventsEnabled: false },
    http: { cookies: {}, headers: {} },
    startedAt: 42,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
  };
}

function bid(bidder: string, price: number): AuctionBid {
  return {
    bidder,
    seat: bidder,
    adapterCode: bidder,
    bid: { id: bidder, impid: 'i1', price },
    type: 'banner',
    originalPrice: price,
    originalCurrency: 'USD',
  };
}

/** A decimal with 0..8 decimals below `max`, written out and read as JS reads JSON. */
function decimalArb(max: number): fc.Arbitrary<number> {
  return fc
    .tuple(
      fc.integer({ min: 0, max }),
      fc.integer({ min: 0, max: 99_999_999 }),
      fc.integer({ min: 0, max: 8 }),
    )
    .map(([int, frac, decimals]) =>
      Number(decimals === 0 ? `${int}` : `${int}.${String(frac).padStart(8, '0').slice(0, decimals)}`),
    );
}

/** The price before the integer path: decimal.js, the reference. */
const reference = (price: number, factor: number) => new Decimal(price).times(factor).toNumber();

test('adjustBids: integer micros and decimal.js give the decimal product, never the float one', () => {
  const out = adjustBids(ctx({ a: 3, b: 1.0000001, c: 0.85, d: 1.1 }), [
    bid('a', 0.1),
    bid('b', 2),
    bid('c', 20_000.5),
    bid('d', 0),
    bid('d', 1.23456789),
  ]);
  assert.deepEqual(
    out.map((b) => b.bid.price),
    [0.3, 2.0000002, 17_000.425, 0, 1.358024679],
  );
});

test('property: adjustBids prices equal new Decimal(price).times(factor).toNumber(), bit for bit', () => {
  const value = fc.oneof(
    { arbitrary: fc.constantFrom(0, 0.01, 1, 1e-6, 1e-7, 1e-8, Number('999999999.99999999')), weight: 1 },
    { arbitrary: decimalArb(0), weight: 2 },
    { arbitrary: decimalArb(100), weight: 6 },
    { arbitrary: decimalArb(1e9), weight: 2 },
  );
  // factors are positive (lowerMap keeps only f > 0); 1 leaves the bid as it is
  const factor = fc.oneof(decimalArb(2), decimalArb(100)).filter((f) => f > 0);
  fc.assert(
    fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), factor, factor, (prices, fa, fb) => {
      const bids = prices.map((p, i) => bid(i % 2 === 0 ? 'a' : 'B', p));
      const out = adjustBids(ctx({ A: fa, b: fb }), bids);
      out.forEach((ab, i) => {
        const f = i % 2 === 0 ? fa : fb;
        const want = f === 1 ? prices[i]! : reference(prices[i]!, f);
        assert.ok(Object.is(ab.bid.price, want), `${prices[i]} × ${f}: ${ab.bid.price} ≠ ${want}`);
        assert.equal(ab.originalPrice, prices[i]);
      });
    }),
    { numRuns: 5_000, seed: 12 },
  );
});
