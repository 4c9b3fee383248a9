// Mistyped bid response fields reported in the upstream decoder's wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bidResponseDecodeError } from './bid-response-decode.js';

test('a seatbid object instead of an array fails the answer', () => {
  assert.deepEqual(bidResponseDecodeError('{"seatBid":{"bid":[]}}'), {
    code: 3,
    message: 'cannot unmarshal openrtb2.BidResponse.SeatBid: decode slice: expect [ or n, but found {',
  });
});

test('a bid array of the wrong type, or mistyped bid scalars, fail the answer', () => {
  assert.match(
    bidResponseDecodeError('{"seatbid":[{"bid":{}}]}')?.message ?? '',
    /SeatBid\.Bid: decode slice/,
  );
  assert.match(
    bidResponseDecodeError('{"seatbid":[{"bid":[{"id":"a","mtype":"video"}]}]}')?.message ?? '',
    /^cannot unmarshal openrtb2\.Bid\.MType/,
  );
  assert.match(
    bidResponseDecodeError('{"seatbid":[{"bid":[{"id":1}]}]}')?.message ?? '',
    /^cannot unmarshal openrtb2\.Bid\.ID: expects " or n, but found 1/,
  );
});

test('well-typed answers and non-objects are left to the other checks', () => {
  assert.equal(bidResponseDecodeError('{"seatbid":[{"bid":[{"id":"a","price":1,"mtype":1}]}]}'), undefined);
  assert.equal(bidResponseDecodeError('{"seatbid":null}'), undefined);
  assert.equal(bidResponseDecodeError('"text"'), undefined);
});

test('mistyped response-level strings (id, bidid, cur) fail the answer', () => {
  assert.equal(
    bidResponseDecodeError('{"id":1}')?.message,
    'cannot unmarshal openrtb2.BidResponse.ID: expects " or n, but found 1',
  );
  assert.match(
    bidResponseDecodeError('{"id":"a","cur":["USD"]}')?.message ?? '',
    /BidResponse\.Cur: expects/,
  );
});
