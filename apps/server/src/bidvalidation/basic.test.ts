// Cases of G exchange/bidder_validate_bids_test.go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { removeInvalidBids, validateBidFields, validateSeatCurrency } from './basic.js';
import type { BidLike } from './types.js';

const run = (bids: (BidLike | null)[], debug: boolean, cur?: { req?: string[]; seat?: string }) =>
  removeInvalidBids({
    requestCur: cur?.req,
    seatCurrency: cur?.seat,
    items: bids,
    bidOf: (b) => b,
    debug,
  });

test('all valid bids are kept (a zero price is fine with a deal)', () => {
  const out = run(
    [
      { id: 'one-bid', impid: 'thisImp', price: 0.45, crid: 'thisCreative' },
      { id: 'thatBid', impid: 'thatImp', price: 0.4, crid: 'thatCreative' },
      { id: '123', impid: '456', price: 0.44, crid: '789' },
      { id: 'zeroPriceBid', impid: '444', price: 0, crid: '555', dealid: '777' },
    ],
    false,
  );
  assert.equal(out.kept.length, 4);
  assert.deepEqual(out.errors, []);
});

const bad: (BidLike | null)[] = [
  { id: 'one-bid', price: 0.45, crid: 'thisCreative' },
  { id: 'thatBid', impid: 'thatImp', crid: 'thatCreative' },
  { id: '123', impid: '456', price: 0.44 },
  { impid: '456', price: 0.44, crid: 'blah' },
  { id: 'zeroPriceBidNoDeal', impid: '444', price: 0, crid: '555', dealid: '' },
  { id: 'negativePrice', impid: '999', price: -0.1, crid: '888' },
  null,
];

test('all bad bids are dropped; with debug every one is reported (code 999)', () => {
  const out = run(bad, true);
  assert.equal(out.kept.length, 0);
  assert.deepEqual(
    out.errors.map((e) => e.message),
    [
      `Bid "one-bid" missing required field 'impid'`,
      `Bid "thatBid" does not contain positive 'price' which is required since there is no deal set for this bid`,
      `Bid "123" missing creative ID`,
      "Bid missing required field 'id'",
      `Bid "zeroPriceBidNoDeal" does not contain positive 'price' which is required since there is no deal set for this bid`,
      `Bid "negativePrice" does not contain a positive (or zero if there is a deal) 'price'`,
      'Empty bid object submitted.',
    ],
  );
  assert.ok(out.errors.every((e) => e.code === 999));
});

test('mixed bids without debug: price problems are silent', () => {
  const out = run(
    [
      { id: 'one-bid', impid: 'thisImp', price: 0.45, crid: 'thisCreative' },
      { id: 'thatBid', impid: 'thatImp', crid: 'thatCreative' },
      { id: '123', impid: '456', price: 0.44, crid: '789' },
      { impid: '456', price: 0.44, crid: 'blah' },
      { id: 'zeroPriceBid', impid: '444', price: 0, crid: '555', dealid: '777' },
      { id: 'zeroPriceBidNoDeal', impid: '444', price: 0, crid: '555', dealid: '' },
      { id: 'negativePrice', impid: '999', price: -0.1, crid: '888' },
      null,
    ],
    false,
  );
  assert.equal(out.kept.length, 3);
  assert.equal(out.errors.length, 2);
});

test('seat currency against request cur (G TestCurrencyBids)', () => {
  const cases: [string[], string, boolean][] = [
    [[], '', true],
    [['USD'], '', true],
    [['USD', 'EUR'], '', true],
    [['USD', 'EUR'], 'USD', true],
    [['USD', 'EUR'], 'EUR', true],
    [['JPY'], '', false],
    [[], 'JPY', false],
    [['USD'], 'EUR', false],
    [['USD', 'EUR'], 'JPY', false],
  ];
  const bids = [
    { id: 'one-bid', impid: 'thisImp', price: 0.45, crid: 'thisCreative' },
    { id: 'thatBid', impid: 'thatImp', price: 0.44, crid: 'thatCreative' },
  ];
  for (const [req, seat, valid] of cases) {
    const out = run(bids, false, { req, seat });
    assert.equal(out.kept.length, valid ? 2 : 0, `${req.join()} / ${seat}`);
    assert.equal(out.errors.length, valid ? 0 : 1);
  }
});

test('currency messages follow upstream', () => {
  assert.deepEqual(validateSeatCurrency(['USD', 'EUR'], 'jpy'), {
    code: 999,
    message: "Bid currency is not allowed. Was 'JPY', wants: ['USD', 'EUR']",
  });
  assert.equal(validateSeatCurrency(['usd'], 'USD'), undefined);
  assert.equal(validateSeatCurrency([], 'US')?.message, 'currency: tag is not well-formed');
  assert.equal(validateSeatCurrency([], 'QQQ')?.message, 'currency: tag is not a recognized currency');
});

test('no bids: no currency check', () => {
  assert.deepEqual(run([], false, { seat: 'JPY' }), { kept: [], errors: [] });
});

test('bad input never throws', () => {
  assert.deepEqual(validateBidFields(undefined, true), {
    ok: false,
    issue: { code: 999, message: 'Empty bid object submitted.' },
  });
  assert.deepEqual(
    validateBidFields({ id: 'x', impid: 'i', price: 'one' as unknown as number, crid: 'c' }, false),
    { ok: false },
  );
});
