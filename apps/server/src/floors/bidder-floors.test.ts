import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { bidderFloorFactors, dividedFloor, divideBidderFloors } from './bidder-floors.js';

/** What the floors step does for one bidder, the factors read from the request itself. */
function adjustFloorsForBidder(o: {
  request: BidRequest;
  bidder: string;
  ns: string;
  accountAdjust?: boolean;
  accountFactors?: Record<string, number>;
}): BidRequest {
  const factors = bidderFloorFactors({ auction: o.request, accountAdjust: true, ...o });
  return divideBidderFloors(o.request, o.bidder, factors);
}

const req = (ext: Record<string, unknown>): BidRequest => ({
  id: 'r',
  imp: [
    { id: '1', bidfloor: 1.2, bidfloorcur: 'USD', banner: {} },
    { id: '2', bidfloor: 0, video: { placement: 2 } },
    { id: '3', bidfloor: 3, video: { placement: 2 } },
  ],
  ext: { prebid: ext },
});

test("the bidder's floor is divided by its adjustment factor (G applyBidAdjustmentToFloor)", () => {
  const out = adjustFloorsForBidder({
    request: req({ bidadjustmentfactors: { PubMatic: 0.9 } }),
    bidder: 'pubmatic',
    ns: 'prebid',
  });
  assert.deepEqual(
    out.imp.map((i) => i.bidfloor),
    [1.3333, 0, 3.3333],
  );
});

test('media-type factor over the bidder factor over the account factor', () => {
  const out = adjustFloorsForBidder({
    request: req({ bidadjustmentfactors: { mediatypes: { 'video-outstream': { appnexus: 2 } } } }),
    bidder: 'appnexus',
    ns: 'prebid',
    accountFactors: { appnexus: 0.5 },
  });
  assert.deepEqual(
    out.imp.map((i) => i.bidfloor),
    [2.4, 0, 1.5],
  );
});

test('off: account adjust_for_bid_adjustment false, or the request says bidadjustment false; factor 1', () => {
  const r = req({ bidadjustmentfactors: { pubmatic: 0.5 } });
  const base = { bidder: 'pubmatic', ns: 'prebid' };
  assert.equal(
    adjustFloorsForBidder({
      ...base,
      request: r,
      accountAdjust: false,
    }),
    r,
  );
  const reqOff = req({
    bidadjustmentfactors: { pubmatic: 0.5 },
    floors: { enforcement: { bidadjustment: false } },
  });
  assert.equal(adjustFloorsForBidder({ ...base, request: reqOff }), reqOff);
  const reqOn = req({
    bidadjustmentfactors: { pubmatic: 0.5 },
    floors: { enforcement: { bidadjustment: true } },
  });
  const on = adjustFloorsForBidder({
    ...base,
    request: reqOn,
    accountAdjust: false,
  });
  assert.equal(on.imp[0]?.bidfloor, 2.4);
  const one = req({ bidadjustmentfactors: { pubmatic: 1 } });
  assert.equal(adjustFloorsForBidder({ ...base, request: one }), one);
});

const decimalQuotient = (floor: number, factor: number): number =>
  new Decimal(floor).div(factor).toDecimalPlaces(4, Decimal.ROUND_HALF_EVEN).toNumber();

test('dividedFloor is the decimal.js quotient, 4 decimals half even, wherever it takes integers', () => {
  // Prices and factors of up to 6 decimals (the integer path), ties and near-ties included.
  const micros = (max: number) => fc.integer({ min: 1, max }).map((m) => m / 1e6);
  fc.assert(
    fc.property(micros(2e9), micros(2e10), (floor, factor) => {
      assert.equal(dividedFloor(floor, factor), decimalQuotient(floor, factor));
    }),
    { numRuns: 20_000 },
  );
  // Exact ties: floor = j(2m+1) micros, factor = 20000j micros, quotient (2m+1)/2 units of 10^-4.
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 400_000 }), (j, m) => {
      const floor = (j * (2 * m + 1)) / 1e6;
      const factor = (20_000 * j) / 1e6;
      assert.equal(dividedFloor(floor, factor), decimalQuotient(floor, factor));
    }),
    { numRuns: 5_000 },
  );
  for (const [floor, factor] of [
    [0.00025, 1], // a tie below: 2.5 units, even → 2
    [0.00035, 1], // 3.5 → 4
    [1, 3],
    [2, 3],
    [0.07, 0.9],
    [1.5, 0.000001], // a quotient past the integer path's bound
    [999999.999999, 0.5],
    [0.1 + 0.2, 0.7], // more than 6 decimals: decimal.js
    [123.456789, 9999.999999],
  ] as const)
    assert.equal(dividedFloor(floor, factor), decimalQuotient(floor, factor), `${floor} / ${factor}`);
});
