// Per-bidder tmax (upstream G tmax_adjustments): when it is enforced, what a bidder is told, and the
// step that refuses bidders left with too little time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createManualClock } from '@gavel/common';
import { bidderTmax, tmaxAdjustmentsFromConfig, type TmaxAdjustmentsConfig } from './index.js';
import { adjustBidderTmax } from '../auction/steps/bidder-tmax.js';
import { testContext } from '../auction/context.testkit.js';
import type { BidderRequest } from '../auction/types.js';

const cfg = (over: Partial<TmaxAdjustmentsConfig>): TmaxAdjustmentsConfig => ({
  enabled: true,
  'bidder-response-duration-min-ms': 100,
  'bidder-network-latency-buffer-ms': 50,
  'pbs-response-preparation-duration-ms': 30,
  ...over,
});

test('enforced only when enabled, with a minimum and at least one allowance (as upstream)', () => {
  assert.equal(tmaxAdjustmentsFromConfig(cfg({ enabled: false })), undefined);
  assert.equal(tmaxAdjustmentsFromConfig(cfg({ 'bidder-response-duration-min-ms': 0 })), undefined);
  assert.equal(
    tmaxAdjustmentsFromConfig(
      cfg({ 'bidder-network-latency-buffer-ms': 0, 'pbs-response-preparation-duration-ms': 0 }),
    ),
    undefined,
  );
  assert.deepEqual(tmaxAdjustmentsFromConfig(cfg({ 'pbs-response-preparation-duration-ms': 0 })), {
    bidderResponseDurationMinMs: 100,
    bidderNetworkLatencyBufferMs: 50,
    pbsResponsePreparationDurationMs: 0,
  });
});

test('a bidder is told the time left minus both allowances, or not called below the minimum', () => {
  const s = tmaxAdjustmentsFromConfig(cfg({}));
  assert.ok(s);
  assert.deepEqual(bidderTmax(s, 500), { call: true, tmaxMs: 420 });
  assert.deepEqual(bidderTmax(s, 180.9), { call: true, tmaxMs: 100 });
  assert.deepEqual(bidderTmax(s, 179), { call: false });
});

test('the step writes each bidder request tmax and turns late bidders into error 12 seats', () => {
  const clock = createManualClock(0);
  const ctx = { ...testContext({ request: { tmax: 1000 } }), bidderDeadline: clock.monotonic() + 600 };
  const requests: BidderRequest[] = [
    { bidder: 'a', adapterCode: 'a', request: { id: 'r', imp: [], tmax: 1000 } },
    { bidder: 'b', adapterCode: 'b', request: { id: 'r', imp: [] } },
  ];
  const s = tmaxAdjustmentsFromConfig(cfg({}));
  const on = adjustBidderTmax(ctx, requests, s, clock);
  assert.deepEqual(
    on.requests.map((r) => r.request.tmax),
    [520, 520],
  );
  assert.equal(requests[0]?.request.tmax, 1000, 'inputs are not mutated');
  clock.advance(500);
  const late = adjustBidderTmax(ctx, requests, s, clock);
  assert.deepEqual(late.requests, []);
  assert.deepEqual(
    late.refused.map((r) => [r.bidder, r.errors]),
    [
      ['a', [{ code: 12, message: 'exceeded tmax duration' }]],
      ['b', [{ code: 12, message: 'exceeded tmax duration' }]],
    ],
  );
  assert.equal(adjustBidderTmax(ctx, requests, undefined, clock).requests, requests, 'off → unchanged');
});
