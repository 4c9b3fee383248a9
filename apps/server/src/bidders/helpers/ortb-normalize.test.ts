// The upstream typed-decode emulation: case-insensitive keys, unknown keys dropped, zero values omitted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hadEmptyArray, normalizeOrtb } from './ortb-normalize.js';

test('request: keys matched case-insensitively, unknown dropped, zero non-pointer fields omitted', () => {
  const input = {
    ID: 'r',
    test: 0,
    imp: [{ id: 'i', bidfloor: 0, secure: 0, banner: { format: [], pos: 0 }, custom: 1, ext: { a: 1 } }],
    device: { dnt: 0, w: 0 },
    extra: true,
  };
  assert.deepEqual(normalizeOrtb(input, 'BidRequest'), {
    id: 'r',
    imp: [{ id: 'i', secure: 0, banner: { pos: 0 }, ext: { a: 1 } }],
    device: { dnt: 0 },
  });
});

test('always-written fields get their zero value; ext is kept verbatim', () => {
  assert.deepEqual(normalizeOrtb({ id: 'i', video: {}, native: {} }, 'Imp'), {
    id: 'i',
    video: { mimes: null },
    native: { request: '' },
  });
  assert.deepEqual(normalizeOrtb({ impid: 'x', Price: 2, ext: { Keep: 0 } }, 'Bid'), {
    id: '',
    impid: 'x',
    price: 2,
    ext: { Keep: 0 },
  });
});

test('the input is not modified', () => {
  const input = Object.freeze({ id: 'r', imp: Object.freeze([Object.freeze({ id: 'i', tagid: '' })]) });
  assert.deepEqual(normalizeOrtb(input, 'BidRequest'), { id: 'r', imp: [{ id: 'i' }] });
});

test('normalizeOrtb: a canonical object is returned as is; a changed one is a copy and the input stays untouched', () => {
  const canonical = {
    id: 'r',
    seatbid: [{ seat: 's', bid: [{ id: 'b', impid: 'i', price: 1.5, ext: { x: 0 } }] }],
  };
  assert.equal(normalizeOrtb(canonical, 'BidResponse'), canonical);

  const zeroW = { id: 'b', impid: 'i', price: 1, w: 0 };
  const input = { id: 'r', seatbid: [{ seat: 's', bid: [{ id: 'a', impid: 'i', price: 2 }, zeroW] }] };
  const before = JSON.stringify(input);
  const out = normalizeOrtb<typeof input>(input, 'BidResponse');
  assert.notEqual(out, input);
  assert.deepEqual(out, {
    id: 'r',
    seatbid: [
      {
        seat: 's',
        bid: [
          { id: 'a', impid: 'i', price: 2 },
          { id: 'b', impid: 'i', price: 1 },
        ],
      },
    ],
  });
  // The unchanged first bid is shared; the input is as it was.
  assert.equal(out.seatbid[0]?.bid[0], input.seatbid[0]?.bid[0]);
  assert.equal(JSON.stringify(input), before);
});

test('hadEmptyArray: an empty list is left out of the output but remembered, unlike an absent one', () => {
  const input = {
    id: 'r',
    imp: [
      { id: 'a', banner: { format: [] } },
      { id: 'b', banner: { w: 1 } },
    ],
  };
  const request = normalizeOrtb<{ imp: { banner: object }[] }>(input, 'BidRequest');
  const [first, second] = request.imp.map((imp) => imp.banner);
  assert.deepEqual(first, {});
  assert.equal(hadEmptyArray(first ?? {}, 'format'), true);
  assert.equal(hadEmptyArray(second ?? {}, 'format'), false);
});

test('property: an answer is returned as is exactly when normalising it changes nothing', () => {
  // Bid responses built from the fields bidders send, zero values, case variants and unknown keys:
  // normalising is idempotent, and the input object comes back (the canonical fast path) exactly
  // when its normal form has the same JSON.
  const value = fc.oneof(
    fc.constant(0),
    fc.constant(''),
    fc.constant(null),
    fc.constant([]),
    fc.integer({ min: 1, max: 9 }),
    fc.string({ minLength: 1, maxLength: 3 }),
    fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 }),
  );
  const key = fc.constantFrom(
    'id',
    'ID',
    'impid',
    'price',
    'Price',
    'adm',
    'w',
    'h',
    'cat',
    'dealid',
    'ext',
    'xx',
  );
  const bid = fc.dictionary(key, value, { maxKeys: 6 });
  const seat = fc.record(
    { bid: fc.array(bid, { maxLength: 3 }), seat: fc.constantFrom('a', '') },
    { requiredKeys: [] },
  );
  const answer = fc.record(
    { id: fc.constantFrom('r', ''), seatbid: fc.array(seat, { maxLength: 2 }), cur: value },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(answer, (raw) => {
      const input = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
      const once = normalizeOrtb<Record<string, unknown>>(input, 'BidResponse');
      const twice = normalizeOrtb<Record<string, unknown>>(once, 'BidResponse');
      assert.equal(twice, once, 'a normal form is canonical');
      assert.equal(once === input, JSON.stringify(once) === JSON.stringify(input));
    }),
    { numRuns: 500 },
  );
});
