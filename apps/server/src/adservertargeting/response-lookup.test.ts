import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bid, BidResponse } from '../openrtb/types.js';
import { responseValue, type BidContext } from './response-lookup.js';

// G respdataprocessor_test.go's cached bid.
const bid: Bid = {
  id: 'testBidId',
  impid: 'testBidImpId1',
  price: 10,
  cat: ['cat11', 'cat12'],
  ext: { prebid: { foo: 'bar1' } },
};
const ctx = (response: Partial<BidResponse> = {}, seatExt?: Record<string, unknown>): BidContext => ({
  response: { id: '', ...response },
  seat: { seat: 'bidderA', bid: [bid], ...(seatExt ? { ext: seatExt } : {}) },
  bid,
});
const ok = (value: string) => ({ ok: true, value });
const err = (error: string) => ({ ok: false, error });

test('G TestGetValueFromSeatBidBid', () => {
  assert.deepEqual(responseValue('seatbid.bid.price', ctx()), ok('10'));
  assert.deepEqual(
    responseValue('seatbid.bid.cat', ctx()),
    err('incorrect value type for path: cat, value can only be string or number'),
  );
  assert.deepEqual(responseValue('seatbid.bid.test', ctx()), err('value not found for path: test'));
  assert.deepEqual(responseValue('seatbid.bid.impid', ctx()), ok('testBidImpId1'));
  assert.deepEqual(responseValue('seatbid.bid.ext.prebid.foo', ctx()), ok('bar1'));
  assert.deepEqual(responseValue('seatbid.bid.cat.[1]', ctx()), ok('cat12'));
});

test('G TestGetValueFromExt / TestProcessResponseTargetingData: seat ext and response ext', () => {
  const seatExt = { prebid: { foo: 'bar1' }, testData: { foo: 'barBidderA' } };
  assert.deepEqual(responseValue('seatbid.ext.prebid.foo', ctx({}, seatExt)), ok('bar1'));
  assert.deepEqual(
    responseValue('seatbid.ext.prebid.foo1', ctx({}, seatExt)),
    err('value not found for path: prebid.foo1'),
  );
  assert.deepEqual(
    responseValue('seatbid.ext.testData', ctx({}, seatExt)),
    err('incorrect value type for path: testData, value can only be string or number'),
  );
  assert.deepEqual(responseValue('seatbid.ext.testData.foo', ctx({}, seatExt)), ok('barBidderA'));
  assert.deepEqual(
    responseValue('seatbid.ext.testData.foo', ctx()),
    err('value not found for path: testData.foo'),
  );
  const withExt = ctx({ cur: 'UAH', ext: { testData: { foo: 'barExt' } } });
  assert.deepEqual(responseValue('ext.testData.foo', withExt), ok('barExt'));
  assert.deepEqual(responseValue('ext.testData.bar', ctx()), err('value not found for path: testData.bar'));
});

test('G TestGetRespData / TestGetValueFromResp: top-level fields', () => {
  const full = ctx({ id: 'testId', bidid: 'testBidId', cur: 'UAH', customdata: 'testCustomdata', nbr: 5 });
  assert.deepEqual(responseValue('id', full), ok('testId'));
  assert.deepEqual(responseValue('bidid', full), ok('testBidId'));
  assert.deepEqual(responseValue('cur', full), ok('UAH'));
  assert.deepEqual(responseValue('customdata', full), ok('testCustomdata'));
  assert.deepEqual(responseValue('nbr', full), ok('5'));
  assert.deepEqual(responseValue('test', full), err('key not found for field in bid response: test'));
  assert.deepEqual(responseValue('id', ctx()), ok(''));
  assert.deepEqual(responseValue('cur', ctx()), ok(''));
  assert.deepEqual(responseValue('nbr', ctx()), ok('0'));
  assert.deepEqual(responseValue('ID', full), err('key not found for field in bid response: ID'));
  assert.deepEqual(responseValue('seatbidx', full), err('key not found for field in bid response: seatbidx'));
});

test('seatbid.<other> is the empty string (G); bare seatbid / seatbid.bid / seatbid.ext / ext are not found', () => {
  assert.deepEqual(responseValue('seatbid.seat', ctx()), ok(''));
  assert.deepEqual(responseValue('seatbid.bidx.id', ctx()), ok(''));
  for (const path of ['seatbid', 'seatbid.bid', 'seatbid.ext', 'ext']) {
    assert.deepEqual(responseValue(path, ctx({ ext: {} })), err(`value not found for path: ${path}`));
  }
  assert.deepEqual(responseValue('seatbid.bid.', ctx()), err('value not found for path: '));
});
