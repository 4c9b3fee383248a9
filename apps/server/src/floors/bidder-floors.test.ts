import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { adjustFloorsForBidder } from './bidder-floors.js';
import { floorsSettings } from './floors.testkit.js';

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
    settings: floorsSettings(),
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
    settings: floorsSettings(),
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
      settings: floorsSettings({ adjustForBidAdjustment: false }),
    }),
    r,
  );
  const reqOff = req({
    bidadjustmentfactors: { pubmatic: 0.5 },
    floors: { enforcement: { bidadjustment: false } },
  });
  assert.equal(adjustFloorsForBidder({ ...base, request: reqOff, settings: floorsSettings() }), reqOff);
  const reqOn = req({
    bidadjustmentfactors: { pubmatic: 0.5 },
    floors: { enforcement: { bidadjustment: true } },
  });
  const on = adjustFloorsForBidder({
    ...base,
    request: reqOn,
    settings: floorsSettings({ adjustForBidAdjustment: false }),
  });
  assert.equal(on.imp[0]?.bidfloor, 2.4);
  const one = req({ bidadjustmentfactors: { pubmatic: 1 } });
  assert.equal(adjustFloorsForBidder({ ...base, request: one, settings: floorsSettings() }), one);
  assert.equal(
    adjustFloorsForBidder({ ...base, request: r, settings: floorsSettings({ enabled: false }) }),
    r,
  );
});
