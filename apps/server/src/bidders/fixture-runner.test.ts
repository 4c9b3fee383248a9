// The adapter fixture runner detects each kind of mismatch the upstream harness does (README steps 4–9).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runAdapterFixture, type FixtureSetup } from './fixture-runner.js';
import { genericOrtbAdapter } from './generic-ortb.js';
import type { Adapter } from './types.js';

const setup: FixtureSetup = { adapter: genericOrtbAdapter, bidder: 'acme', endpoint: 'http://acme.test/bid' };

function fixture(): Record<string, unknown> {
  return {
    mockBidRequest: { id: 'r1', test: 0, Imp: [{ id: 'i1', banner: { w: 300, h: 250 }, unknownKey: 1 }] },
    httpcalls: [
      {
        expectedRequest: {
          uri: 'http://acme.test/bid',
          headers: { 'Content-Type': ['application/json;charset=utf-8'], Accept: ['application/json'] },
          body: { id: 'r1', imp: [{ id: 'i1', banner: { w: 300, h: 250 } }] },
          impIDs: ['i1'],
        },
        mockResponse: {
          status: 200,
          body: {
            id: 'r1',
            cur: 'EUR',
            seatbid: [{ bid: [{ id: 'b1', impid: 'i1', price: 1.5, w: 0, foo: 1 }] }],
          },
        },
      },
    ],
    expectedBidResponses: [
      { currency: 'EUR', bids: [{ bid: { id: 'b1', impid: 'i1', price: 1.5 }, type: 'banner' }] },
    ],
  };
}

test('a matching fixture passes (case-insensitive keys, unknown keys and zero values dropped)', () => {
  assert.deepEqual(runAdapterFixture(fixture(), setup), { passed: true });
});

test('a different uri, body, bid or error list fails with the difference', () => {
  const wrongUri = runAdapterFixture(fixture(), { ...setup, endpoint: 'http://other.test' });
  assert.match(wrongUri.reason ?? '', /uri: expected "http:\/\/acme.test\/bid"/);

  const f = fixture();
  (f.expectedBidResponses as Array<{ bids: Array<{ type: string }> }>)[0]!.bids[0]!.type = 'video';
  assert.match(runAdapterFixture(f, setup).reason ?? '', /type: expected "video", got "banner"/);

  const g = fixture();
  g.expectedMakeBidsErrors = [{ value: 'boom', comparison: 'startswith' }];
  assert.match(runAdapterFixture(g, setup).reason ?? '', /makeBids errors: expected 1 errors, got 0/);
});

test('error comparisons: literal, regex and startswith', () => {
  const f = fixture();
  const calls = f.httpcalls as Array<{ mockResponse: { status: number } }>;
  calls[0]!.mockResponse.status = 500;
  f.expectedBidResponses = [];
  const message = 'Unexpected status code: 500. Run with request.debug = 1 for more info';
  for (const [value, comparison] of [
    [message, 'literal'],
    ['status code: \\d+\\.', 'regex'],
    ['Unexpected status', 'startswith'],
  ]) {
    f.expectedMakeBidsErrors = [{ value, comparison }];
    assert.deepEqual(runAdapterFixture(f, setup), { passed: true }, comparison);
  }
  f.expectedMakeBidsErrors = [{ value: 'Unexpected' }];
  assert.equal(runAdapterFixture(f, setup).passed, false);
});

test('an adapter that mutates its input fails', () => {
  const mutating: Adapter = {
    ...genericOrtbAdapter,
    makeRequests(request, ctx) {
      (request as { id: string }).id = 'changed';
      return genericOrtbAdapter.makeRequests(request, ctx);
    },
  };
  const outcome = runAdapterFixture(fixture(), { ...setup, adapter: mutating });
  assert.equal(outcome.passed, false);
  assert.match(outcome.reason ?? '', /threw/);
});

test('exemplary fixtures may not expect errors; fixtures need impIDs', () => {
  const f = fixture();
  f.expectedMakeRequestsErrors = [{ value: 'x' }];
  assert.match(runAdapterFixture(f, { ...setup, folder: 'exemplary' }).reason ?? '', /exemplary/);
  const g = fixture();
  (g.httpcalls as Array<{ expectedRequest: Record<string, unknown> }>)[0]!.expectedRequest.impIDs = [];
  assert.match(runAdapterFixture(g, setup).reason ?? '', /no impIDs/);
});

test('currency rates of the request reach the adapter, direct and inverse', () => {
  const converting: Adapter = {
    ...genericOrtbAdapter,
    makeRequests(request, ctx) {
      const direct = ctx.convertCurrency(2, 'EUR', 'USD');
      const inverse = ctx.convertCurrency(1, 'USD', 'EUR');
      return { value: [], errors: [{ code: 2, message: `${direct} ${inverse}` }] };
    },
  };
  const f = {
    mockBidRequest: {
      id: 'r',
      imp: [{ id: 'i' }],
      ext: { prebid: { currency: { rates: { EUR: { USD: 1.5 } } } } },
    },
    expectedMakeRequestsErrors: [{ value: '3 0.6666666666666666' }],
  };
  assert.deepEqual(runAdapterFixture(f, { ...setup, adapter: converting }), { passed: true });
});

test('unknown currency codes fail conversion with the upstream wording', () => {
  const converting: Adapter = {
    ...genericOrtbAdapter,
    makeRequests(_request, ctx) {
      try {
        ctx.convertCurrency(1, 'XYZ', 'USD');
        return { value: [], errors: [] };
      } catch (err) {
        return { value: [], errors: [{ code: 2, message: (err as Error).message }] };
      }
    },
  };
  const f = {
    mockBidRequest: { id: 'r', imp: [{ id: 'i' }] },
    expectedMakeRequestsErrors: [{ value: 'currency: tag is not a recognized currency' }],
  };
  assert.deepEqual(runAdapterFixture(f, { ...setup, adapter: converting }), { passed: true });
});

test('a uri may differ only by spacing around JSON punctuation inside query values', () => {
  const f = fixture();
  const call = (f.httpcalls as { expectedRequest: { uri: string } }[])[0];
  if (call) call.expectedRequest.uri = 'http://acme.test/bid?ids=%5B%7B+%22a%22%3A+1+%7D%5D';
  const withQuery = { ...setup, endpoint: 'http://acme.test/bid?ids=%5B%7B%22a%22%3A1%7D%5D' };
  assert.deepEqual(runAdapterFixture(f, withQuery), { passed: true });
  const other = { ...setup, endpoint: 'http://acme.test/bid?ids=%5B%7B%22a%22%3A2%7D%5D' };
  assert.equal(runAdapterFixture(f, other).passed, false);
});
