// The generic OpenRTB adapter: one POST of the whole request; bids typed by mtype, else by their imp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { genericOrtbAdapter } from './generic-ortb.js';
import type { AdapterContext, CompletedCall } from './types.js';
import type { BidRequest } from '../openrtb/types.js';

const ctx: AdapterContext = {
  bidder: 'hostbidder',
  endpoint: 'https://bids.example/ortb',
  server: { externalUrl: 'http://localhost', gvlId: 0, dataCenter: '' },
  convertCurrency: (amount) => amount,
  version: 'test',
};

const request: BidRequest = Object.freeze({
  id: 'r',
  imp: [
    { id: 'b', banner: { w: 300, h: 250 } },
    { id: 'v', video: { mimes: ['video/mp4'] } },
  ],
});

function answer(status: number, body: unknown): CompletedCall {
  return {
    request: { method: 'POST', uri: ctx.endpoint, impIds: [] },
    response: { status, headers: {}, body: JSON.stringify(body) },
  };
}

test('sends the whole request once, as JSON, to the endpoint', () => {
  const { value, errors } = genericOrtbAdapter.makeRequests(request, ctx);
  assert.deepEqual(errors, []);
  assert.equal(value.length, 1);
  assert.equal(value[0]?.uri, 'https://bids.example/ortb');
  assert.deepEqual(value[0]?.impIds, ['b', 'v']);
  assert.deepEqual(JSON.parse(value[0]?.body ?? ''), request);
});

test('types bids by mtype, else by the imp they bid on; keeps the answer currency', () => {
  const body = {
    id: 'r',
    cur: 'EUR',
    seatbid: [
      {
        bid: [
          { id: '1', impid: 'v', price: 1 },
          { id: '2', impid: 'b', price: 2, mtype: 4 },
        ],
      },
    ],
  };
  const { value } = genericOrtbAdapter.makeBids(request, answer(200, body), ctx);
  assert.equal(value?.currency, 'EUR');
  assert.deepEqual(
    value?.bids.map((b) => [b.bid.id, b.type]),
    [
      ['1', 'video'],
      ['2', 'native'],
    ],
  );
});

test('204 is no bids; other statuses and unparsable bodies are errors', () => {
  assert.deepEqual(genericOrtbAdapter.makeBids(request, answer(204, ''), ctx), { value: null, errors: [] });
  const bad = genericOrtbAdapter.makeBids(request, answer(400, {}), ctx);
  assert.equal(bad.errors[0]?.code, 2);
  const broken = genericOrtbAdapter.makeBids(
    request,
    { ...answer(200, {}), response: { status: 200, headers: {}, body: '{' } },
    ctx,
  );
  assert.equal(broken.value, null);
  assert.equal(broken.errors.length, 1);
});
