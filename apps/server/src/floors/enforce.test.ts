import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest, Imp } from '../openrtb/types.js';
import { enforcedRequest, enforceFloors, type FloorBid } from './enforce.js';
import { fixedRandom, floorsSettings } from './floors.testkit.js';
import type { AccountFloorsSettings } from './settings.js';
import type { ConvertFn } from './types.js';

// G enforce_test.go's converter: USD↔INR only.
const convert: ConvertFn = (amount, from, to) => {
  if (from === to) return amount;
  if (from === 'USD' && to === 'INR') return amount * 77.59;
  if (from === 'INR' && to === 'USD') return amount * 0.013;
  throw new Error('currency conversion not supported');
};

/** `on` is the imp id, or `[impid, dealid]` for a deal bid. */
const bid = (bidder: string, id: string, price: number, on: string | [string, string]): FloorBid => {
  const [impid, dealid] = typeof on === 'string' ? [on, undefined] : on;
  return {
    bidder,
    seat: bidder,
    bid: dealid === undefined ? { id, impid, price } : { id, impid, price, dealid },
    currency: 'USD',
  };
};

const request = (imps: Imp[], floors?: unknown): BidRequest => ({
  id: 'some-request-id',
  imp: imps,
  ...(floors === undefined ? {} : { ext: { prebid: { floors } } }),
});

/** The result with the request as upstream rewrites it (enforcepbs written back). */
function run(req: BidRequest, bids: FloorBid[], account: Partial<AccountFloorsSettings> = {}, draw = 0.5) {
  const out = enforceFloors({
    request: req,
    ns: 'prebid',
    settings: floorsSettings(account),
    bids,
    convert,
    random: fixedRandom(draw),
  });
  return { ...out, request: enforcedRequest(req, 'prebid', out) };
}

const ids = (bs: readonly FloorBid[]) => bs.map((b) => b.bid.id);
const twoImps = (f1: number, f2: number, cur = 'USD'): Imp[] => [
  { id: 'imp-1', bidfloor: f1, bidfloorcur: cur },
  { id: 'imp-2', bidfloor: f2, bidfloorcur: cur },
];
const fourBids = () => [
  bid('pubmatic', 'some-bid-1', 1.2, 'imp-1'),
  bid('pubmatic', 'some-bid-2', 1.5, ['imp-2', 'deal_Id']),
  bid('appnexus', 'some-bid-11', 0.5, 'imp-1'),
  bid('appnexus', 'some-bid-12', 2.2, 'imp-2'),
];

// G TestEnforceFloorToBids
test('enforcepbs false: every bid kept, enforcepbs stays false', () => {
  const out = run(request(twoImps(1.01, 2.01), { enforcement: { enforcepbs: false } }), fourBids());
  assert.deepEqual(ids(out.kept), ['some-bid-1', 'some-bid-2', 'some-bid-11', 'some-bid-12']);
  assert.deepEqual(out.rejected, []);
  assert.equal(out.enforced, true);
});

test('bids under the floor rejected (301); deal bids kept unless deal floors are enforced', () => {
  const out = run(
    request(twoImps(1.01, 2.01), { enforcement: { enforcepbs: true, floordeals: false } }),
    fourBids(),
  );
  assert.deepEqual(ids(out.kept), ['some-bid-1', 'some-bid-2', 'some-bid-12']);
  assert.deepEqual(
    out.rejected.map((r) => [r.bid.id, r.code]),
    [['some-bid-11', 301]],
  );
  assert.deepEqual(out.warnings, [
    'appnexus bid id some-bid-11 rejected - bid price 0.5000 USD is less than bid floor 1.0100 USD for imp imp-1',
  ]);
});

test('floor precision: a bid within 0.01 of the floor passes', () => {
  const bids = [
    bid('pubmatic', 'some-bid-1', 0.998, 'imp-1'),
    bid('pubmatic', 'some-bid-2', 1.5, ['imp-2', 'deal_Id']),
    bid('appnexus', 'some-bid-11', 0.8, 'imp-1'),
    bid('appnexus', 'some-bid-12', 2.2, 'imp-2'),
  ];
  const out = run(request(twoImps(1, 2)), bids);
  assert.deepEqual(ids(out.kept), ['some-bid-1', 'some-bid-2', 'some-bid-12']);
  assert.deepEqual(ids(out.rejected), ['some-bid-11']);
});

test('floors in another currency; deal floors enforced → 304', () => {
  const req = request(twoImps(60, 100, 'INR'), { enforcement: { floordeals: true } });
  const out = run(req, fourBids(), { enforceDealFloors: true });
  // 1.2 USD = 93.1 INR ≥ 60; 1.5 USD = 116.4 ≥ 100; 0.5 USD = 38.8 < 60; 2.2 USD = 170.7 ≥ 100
  assert.deepEqual(ids(out.kept), ['some-bid-1', 'some-bid-2', 'some-bid-12']);
  assert.deepEqual(
    out.rejected.map((r) => r.code),
    [301],
  );
  const deal = run(
    request([{ id: 'imp-1', bidfloor: 20.01, bidfloorcur: 'USD' }], {
      enforcement: { enforcepbs: true, floordeals: true },
    }),
    [
      bid('pubmatic', 'some-bid-1', 1.2, ['imp-1', 'deal_Id_1']),
      bid('appnexus', 'some-bid-11', 0.5, ['imp-1', 'deal_Id_3']),
    ],
    { enforceDealFloors: true, enforceFloorsRate: 0 },
  );
  assert.deepEqual(
    deal.rejected.map((r) => [r.bid.id, r.code]),
    [
      ['some-bid-1', 304],
      ['some-bid-11', 304],
    ],
  );
  assert.deepEqual(deal.impFloors, { 'imp-1': { floorValue: 20.01, floorCurrency: 'USD' } });
});

test('deal floors need both the account and the request', () => {
  const bids = [bid('pubmatic', 'd', 0.5, ['imp-1', 'deal'])];
  const imps: Imp[] = [{ id: 'imp-1', bidfloor: 1, bidfloorcur: 'USD' }];
  assert.equal(run(request(imps, { enforcement: { floordeals: true } }), bids).kept.length, 1);
  assert.equal(run(request(imps, {}), bids, { enforceDealFloors: true }).kept.length, 1);
  assert.equal(
    run(request(imps, { enforcement: { floordeals: true } }), bids, { enforceDealFloors: true }).kept.length,
    0,
  );
});

test('conversion failure: error, the bid is dropped; bids of unknown imps are dropped', () => {
  const eur = Object.assign(bid('pubmatic', 'some-bid-1', 1.2, 'imp-1'), { currency: 'EUR' });
  const out = run(request([{ id: 'imp-1', bidfloor: 1.01, bidfloorcur: 'JPY' }]), [eur]);
  assert.deepEqual(out.kept, []);
  assert.deepEqual(out.errors, [
    'error in rate conversion from = EUR to JPY with bidder pubmatic for impression id imp-1 and bid id some-bid-1 error = currency conversion not supported',
  ]);
  const unknown = run(request([{ id: 'imp-2', bidfloor: 2.01, bidfloorcur: 'USD' }]), [
    bid('p', 'b', 1.2, 'imp-123'),
  ]);
  assert.deepEqual(unknown.kept, []);
  assert.deepEqual(unknown.errors, []);
});

// G TestEnforce
test('no enforcement: floors off, skipped, or no imp floor', () => {
  const imps: Imp[] = [{ id: 'imp-1', bidfloor: 5.01, bidfloorcur: 'USD' }];
  const bids = [bid('appnexus', 'b', 4.5, 'imp-1')];
  for (const [req, account] of [
    [request(imps, { enabled: false }), {}],
    [request(imps, { enabled: true }), { enabled: false }],
    [request(imps, { skipped: true }), {}],
    [request([{ id: 'imp-1' }], {}), {}],
  ] as const) {
    const out = run(req, bids, account);
    assert.deepEqual(ids(out.kept), ['b']);
    assert.deepEqual(out.impFloors, {});
    assert.equal(out.request, req);
  }
  const bad = run(request(imps, { enforcement: 'x' }), bids);
  assert.deepEqual(bad.errors, ['Error in getting request extension']);
  assert.deepEqual(ids(bad.kept), ['b']);
});

test('imp floor without floors data is enforced; bid floors reported by imp', () => {
  const imp: Imp = {
    id: 'imp-1',
    bidfloor: 5.01,
    bidfloorcur: 'USD',
    banner: { format: [{ w: 300, h: 250 }] },
  };
  const out = run(
    request([imp], { floormin: 1 }),
    [bid('pubmatic', 'd', 1.2, ['imp-1', 'deal']), bid('appnexus', 'b', 4.5, 'imp-1')],
    {
      enforceFloorsRate: 0,
    },
  );
  assert.deepEqual(ids(out.kept), ['d']);
  assert.deepEqual(ids(out.rejected), ['b']);
  assert.deepEqual(out.impFloors, { 'imp-1': { floorValue: 5.01, floorCurrency: 'USD' } });
  assert.deepEqual(out.request.ext, {
    prebid: { floors: { floormin: 1, enforcement: { enforcepbs: true } } },
  });
});

test('bid floors from imp.ext floors written by enrichment', () => {
  const imp: Imp = {
    id: 'imp-1',
    bidfloor: 2,
    bidfloorcur: 'EUR',
    ext: { prebid: { floors: { floorrule: 'banner|*', floorrulevalue: 1.5, floorvalue: 2 } } },
  };
  const out = run(request([imp], {}), [bid('x', 'b', 9, 'imp-1')], {}, 0.5);
  assert.deepEqual(out.impFloors, {
    'imp-1': { floorRule: 'banner|*', floorRuleValue: 1.5, floorValue: 2, floorCurrency: 'EUR' },
  });
});

test('enforce rate: the draw over the account or request rate turns enforcement off and says so', () => {
  const req = request([{ id: 'imp-1', bidfloor: 5, bidfloorcur: 'USD' }], {
    enforcement: { enforcepbs: true },
  });
  const bids = [bid('x', 'low', 1, 'imp-1')];
  const off = run(req, bids, { enforceFloorsRate: 30 }, 0.5); // draw 50 ≥ 30
  assert.equal(off.enforced, false);
  assert.deepEqual(ids(off.kept), ['low']);
  assert.deepEqual(off.request.ext, { prebid: { floors: { enforcement: { enforcepbs: false } } } });
  assert.deepEqual(req.ext, { prebid: { floors: { enforcement: { enforcepbs: true } } } }); // input untouched
  const on = run(req, bids, { enforceFloorsRate: 30 }, 0.2);
  assert.equal(on.enforced, true);
  assert.equal(on.request, req);
  assert.deepEqual(ids(on.rejected), ['low']);
  const byRequest = run(
    request(req.imp, { enforcement: { enforcerate: 10 } }),
    bids,
    { enforceFloorsRate: 100 },
    0.5,
  );
  assert.equal(byRequest.enforced, false);
  assert.deepEqual(byRequest.request.ext, {
    prebid: { floors: { enforcement: { enforcerate: 10, enforcepbs: false } } },
  });
});

test('host switch off: nothing happens', () => {
  const req = request([{ id: 'imp-1', bidfloor: 5 }]);
  const out = enforceFloors({
    request: req,
    ns: 'prebid',
    settings: floorsSettings({}, false),
    bids: [bid('x', 'low', 1, 'imp-1')],
    convert,
    random: fixedRandom(0),
  });
  assert.deepEqual(ids(out.kept), ['low']);
  assert.equal(out.enforced, false);
});

test('empty bidfloorcur is USD (the OpenRTB default)', () => {
  const out = run(request([{ id: 'imp-1', bidfloor: 1 }]), [bid('x', 'b', 0.5, 'imp-1')]);
  assert.deepEqual(out.warnings, [
    'x bid id b rejected - bid price 0.5000 USD is less than bid floor 1.0000 USD for imp imp-1',
  ]);
});

test('a JSON "__proto__" key in ext.prebid.floors is a plain key, not switches inherited from it', () => {
  const imps: Imp[] = [{ id: 'imp-1', bidfloor: 5.01, bidfloorcur: 'USD' }];
  const floors: unknown = JSON.parse('{"__proto__": {"enabled": false, "skipped": true}}');
  const out = run(request(imps, floors), [bid('appnexus', 'b', 4.5, 'imp-1')]);
  assert.deepEqual(ids(out.kept), []);
  assert.deepEqual(
    out.rejected.map((r) => [r.bid.id, r.code]),
    [['b', 301]],
  );
});

test("the bids' currency given once: a bid without its own is priced in it; one naming its own keeps it", () => {
  const req = request([{ id: 'imp-1', bidfloor: 77, bidfloorcur: 'INR' }], {
    enforcement: { enforcepbs: true },
  });
  const { currency: _usd, ...inInput } = bid('x', 'b', 1.2, 'imp-1');
  const inr = { ...inInput, bid: { id: 'own', impid: 'imp-1', price: 0.5 }, currency: 'INR' };
  const out = enforceFloors({
    request: req,
    ns: 'prebid',
    settings: floorsSettings(),
    bids: [inInput, inr],
    currency: 'USD',
    convert,
    random: fixedRandom(0.5),
  });
  // 1.2 USD = 93.1 INR ≥ 77 (kept); 0.5 INR < 77 (rejected, quoted in its own currency).
  assert.deepEqual(ids(out.kept), ['b']);
  assert.deepEqual(ids(out.rejected), ['own']);
  assert.match(out.warnings[0] ?? '', /bid price 0\.5000 INR is less than bid floor 77\.0000 INR/);
  // Without the input's currency (and none on the bid), USD.
  const bare = enforceFloors({
    request: req,
    ns: 'prebid',
    settings: floorsSettings(),
    bids: [inInput],
    convert,
    random: fixedRandom(0.5),
  });
  assert.deepEqual(ids(bare.kept), ['b']);
});
