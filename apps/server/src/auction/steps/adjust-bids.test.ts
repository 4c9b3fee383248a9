import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AuctionBid, AuctionContext } from '../types.js';
import { testContext } from '../context.testkit.js';
import { adjustBids } from './adjust-bids.js';
import { decimalArb, decimalProduct } from '../../targeting/decimals.testkit.js';

const ctx = (factors: Record<string, number>): AuctionContext =>
  testContext({
    ns: 'core',
    startedAt: 42,
    request: {
      imp: [{ id: 'i1', banner: { format: [{ w: 300, h: 250 }] } }],
      ext: { core: { bidadjustmentfactors: factors } },
    },
  });

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
        const want = f === 1 ? prices[i]! : decimalProduct(prices[i]!, f);
        assert.ok(Object.is(ab.bid.price, want), `${prices[i]} × ${f}: ${ab.bid.price} ≠ ${want}`);
        assert.equal(ab.originalPrice, prices[i]);
      });
    }),
    { numRuns: 5_000, seed: 12 },
  );
});
