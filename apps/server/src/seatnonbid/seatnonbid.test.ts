// Cases of G exchange/seat_non_bids_test.go, non_bid_reason_test.go and exchange_test.go
// TestSetSeatNonBid / endpoints setSeatNonBid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSeatNonBidCollector, nonBidObject } from './collector.js';
import { classifyCallError, nonBidReasonForErrorCode, nonBidReasonForFailure } from './errors.js';
import { NON_BID_REASON, describeNonBidReason, nonBidClass } from './reasons.js';
import { applySeatNonBid, returnAllBidStatus } from './response.js';

test('catalogue: upstream codes and classes', () => {
  assert.equal(NON_BID_REASON.errorTimeout, 101);
  assert.equal(NON_BID_REASON.responseRejectedCreativeSizeNotAllowed, 351);
  assert.equal(NON_BID_REASON.responseRejectedCreativeNotSecure, 352);
  assert.equal(describeNonBidReason(304), 'Response Rejected - Below Deal Floor');
  assert.equal(describeNonBidReason(501), 'Vendor-specific');
  assert.deepEqual([0, 101, 203, 352, 450, 600, -1].map(nonBidClass), [
    'no-bid',
    'error',
    'request-blocked',
    'response-rejected',
    'unknown',
    'vendor',
    'unknown',
  ]);
});

test('rejectBid: new seat, other seat, existing seat (G TestRejectBid)', () => {
  const c = createSeatNonBidCollector();
  c.rejectImps({ seat: 'seat1', code: 100, impIds: ['Imp1'] });
  c.rejectBid({ seat: 'seat2', code: 100, bid: { impid: 'Imp2', price: 10 } });
  c.rejectBid({ seat: 'seat1', code: 100, bid: { impid: 'Imp2', price: 10 } });
  assert.deepEqual(c.seats(), [
    {
      seat: 'seat1',
      nonbid: [
        { impid: 'Imp1', statuscode: 100 },
        { impid: 'Imp2', statuscode: 100, ext: { prebid: { bid: { price: 10 } } } },
      ],
    },
    { seat: 'seat2', nonbid: [{ impid: 'Imp2', statuscode: 100, ext: { prebid: { bid: { price: 10 } } } }] },
  ]);
});

test('rejectBid ignores a missing bid', () => {
  const c = createSeatNonBidCollector();
  c.rejectBid({ seat: 's', code: 300, bid: undefined as never });
  assert.equal(c.size, 0);
  assert.deepEqual(c.seats(), []);
});

test('the bid summary carries upstream fields only, zero values omitted, in upstream order', () => {
  const obj = nonBidObject({
    bid: {
      impid: 'i',
      price: 0.3,
      adomain: ['a.com'],
      cattax: 0,
      cat: [],
      dealid: '',
      w: 20,
      h: 50,
      dur: 15,
      mtype: 1,
      crid: 'x',
    } as never,
    origbidcpm: 0.3,
    origbidcur: 'USD',
  });
  assert.deepEqual(Object.entries(obj), [
    ['price', 0.3],
    ['adomain', ['a.com']],
    ['w', 20],
    ['h', 50],
    ['dur', 15],
    ['mtype', 1],
    ['origbidcpm', 0.3],
    ['origbidcur', 'USD'],
  ]);
  assert.deepEqual(nonBidObject({ bid: { price: 0 } }), {});
});

test('rejectImps: one bare entry per imp, nothing for no imps (G TestRejectImps)', () => {
  const c = createSeatNonBidCollector();
  c.rejectImps({ seat: 'a', code: 101, impIds: [] });
  assert.equal(c.size, 0);
  c.rejectImps({ seat: 'a', code: 101, impIds: ['imp1', 'imp2'] });
  assert.deepEqual(c.seats(), [
    {
      seat: 'a',
      nonbid: [
        { impid: 'imp1', statuscode: 101 },
        { impid: 'imp2', statuscode: 101 },
      ],
    },
  ]);
});

test('merge appends per seat (G TestAppend)', () => {
  const a = createSeatNonBidCollector();
  const b = createSeatNonBidCollector();
  a.rejectImps({ seat: 'x', code: 100, impIds: ['1'] });
  b.rejectImps({ seat: 'x', code: 101, impIds: ['2'] });
  b.rejectImps({ seat: 'y', code: 103, impIds: ['3'] });
  a.merge(b);
  a.merge(a);
  assert.deepEqual(
    a.seats().map((s) => [s.seat, s.nonbid.map((n) => n.statuscode)]),
    [
      ['x', [100, 101]],
      ['y', [103]],
    ],
  );
  assert.equal(b.entries().get('x')?.length, 1, 'the merged-in collector is unchanged');
});

test('call failures map to codes (G TestSeatNonBidReason)', () => {
  assert.equal(nonBidReasonForFailure('timeout'), 101);
  assert.equal(nonBidReasonForFailure('other'), 100);
  assert.equal(nonBidReasonForFailure('http-status'), 100);
  assert.equal(nonBidReasonForFailure('connection-refused'), 103);
  assert.equal(nonBidReasonForFailure('host-not-found'), 103);
  assert.equal(nonBidReasonForErrorCode(1), 101);
  assert.equal(nonBidReasonForErrorCode(3), 100);
});

test('Node and undici errors are classified through their cause chain', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  assert.equal(classifyCallError(new TypeError('fetch failed', { cause: refused })), 'connection-refused');
  assert.equal(classifyCallError(Object.assign(new Error('dns'), { code: 'ENOTFOUND' })), 'host-not-found');
  assert.equal(
    classifyCallError(Object.assign(new Error('t'), { code: 'UND_ERR_HEADERS_TIMEOUT' })),
    'timeout',
  );
  assert.equal(classifyCallError(new DOMException('aborted', 'TimeoutError')), 'timeout');
  assert.equal(classifyCallError(Object.assign(new Error('x'), { code: 'constructor' })), 'other');
  assert.equal(classifyCallError('boom'), 'other');
  const cyclic: { cause?: unknown } = {};
  cyclic.cause = cyclic;
  assert.equal(classifyCallError(cyclic), 'other');
});

test('returnallbidstatus: only true turns it on', () => {
  assert.equal(returnAllBidStatus({ returnallbidstatus: true }), true);
  assert.equal(returnAllBidStatus({ returnallbidstatus: 'true' }), false);
  assert.equal(returnAllBidStatus(undefined), false);
});

test('applySeatNonBid writes ext.{ns}.seatnonbid only when asked', () => {
  const c = createSeatNonBidCollector();
  c.rejectBid({
    seat: 'appnexus',
    code: 351,
    bid: { impid: 'some-imp-id', price: 0.3, w: 200, h: 500 },
    origbidcpm: 0.3,
  });
  const ext = { prebid: { auctiontimestamp: 1 }, errors: {} };
  assert.equal(
    applySeatNonBid({ responseExt: ext, ns: 'prebid', returnAllBidStatus: false, seats: c.seats() }),
    ext,
  );
  assert.deepEqual(
    applySeatNonBid({ responseExt: ext, ns: 'prebid', returnAllBidStatus: true, seats: c.seats() }),
    {
      prebid: {
        auctiontimestamp: 1,
        seatnonbid: [
          {
            nonbid: [
              {
                impid: 'some-imp-id',
                statuscode: 351,
                ext: { prebid: { bid: { price: 0.3, w: 200, h: 500, origbidcpm: 0.3 } } },
              },
            ],
            seat: 'appnexus',
          },
        ],
      },
      errors: {},
    },
  );
  assert.deepEqual(ext, { prebid: { auctiontimestamp: 1 }, errors: {} }, 'input untouched');
  assert.deepEqual(
    applySeatNonBid({ responseExt: undefined, ns: 'core', returnAllBidStatus: true, seats: [] }),
    { core: {} },
  );
});
