import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkAmpBody,
  checkBidResponse,
  checkErrorSubstring,
  checkMockBidderRequests,
  checkStablePrefix,
  checkStatus,
  checkValidatedRequest,
} from './compare.js';

const ext = { origbidcpm: 1, origbidcur: 'USD', prebid: { meta: { adaptercode: 'x' }, type: 'banner' } };
const expected = {
  id: 'r',
  cur: 'USD',
  seatbid: [
    { seat: 'a', bid: [{ id: 'a-bid', impid: 'i', price: 1, ext }] },
    { seat: 'b', bid: [{ id: 'b-bid', impid: 'i', price: 0.5 }] },
  ],
};

test('status and error text', () => {
  assert.equal(checkStatus(400, 400, ''), undefined);
  assert.match(checkStatus(400, 200, '{}') ?? '', /status 200, expected 400/);
  assert.equal(
    checkErrorSubstring('Invalid request: x\n', 'Invalid request: x\nInvalid request: y\n'),
    undefined,
  );
  assert.ok(checkErrorSubstring('nope', 'Invalid request: x'));
  assert.equal(checkStablePrefix('Invalid request: whatever the decoder says'), undefined);
  assert.ok(checkStablePrefix('{"message":"boom"}'));
});

test('bid responses match seats and bids by name, ignoring order and uncompared fields', () => {
  const actual = {
    id: 'r',
    cur: 'USD',
    bidid: 'ignored',
    seatbid: [
      { seat: 'b', bid: [{ id: 'b-bid', impid: 'i', price: 0.5, adm: 'x', ext: { any: 1 } }] },
      { seat: 'a', bid: [{ id: 'a-bid', impid: 'i', price: 1, ext }] },
    ],
    ext: { responsetimemillis: { a: 1 } },
  };
  assert.equal(checkBidResponse(expected, JSON.stringify(actual)), undefined);
});

test('bid response differences are reported', () => {
  const base = () => JSON.parse(JSON.stringify(expected)) as typeof expected;
  const wrongPrice = base();
  (wrongPrice.seatbid[1]!.bid[0] as { price: number }).price = 0.51;
  assert.match(checkBidResponse(expected, JSON.stringify(wrongPrice)) ?? '', /price 0.51, expected 0.5/);
  const wrongExt = base();
  (wrongExt.seatbid[0]!.bid[0] as { ext: unknown }).ext = { ...ext, origbidcpm: 2 };
  assert.match(checkBidResponse(expected, JSON.stringify(wrongExt)) ?? '', /origbidcpm/);
  const seatExt = base();
  (seatExt.seatbid[0] as Record<string, unknown>)['ext'] = {};
  assert.match(checkBidResponse(expected, JSON.stringify(seatExt)) ?? '', /seat a ext/);
  assert.match(checkBidResponse(expected, JSON.stringify({ ...base(), cur: 'EUR' })) ?? '', /cur/);
  assert.match(checkBidResponse(expected, 'not json') ?? '', /not JSON/);
});

test('warnings: same count, i-th actual message contains the i-th expected one', () => {
  const exp = { id: 'r', ext: { warnings: { general: [{ code: 1, message: 'debug turned off' }] } } };
  const ok = {
    id: 'r',
    ext: { warnings: { general: [{ code: 10002, message: 'debug turned off for account' }] } },
  };
  assert.equal(checkBidResponse(exp, JSON.stringify(ok)), undefined);
  assert.match(checkBidResponse(exp, JSON.stringify({ id: 'r' })) ?? '', /0 entries, expected 1/);
});

test('AMP bodies are compared whole; mock bidder requests by their first call', () => {
  assert.equal(checkAmpBody({ targeting: { a: '1' } }, '{"targeting":{"a":"1"}}'), undefined);
  assert.ok(checkAmpBody({ targeting: { a: '1' } }, '{"targeting":{"a":"1"},"x":1}'));
  const calls = { appnexus: ['{"id":"1","imp":[]}', '{"id":"2"}'] };
  assert.equal(checkMockBidderRequests({ appnexus: { imp: [], id: '1' } }, calls), undefined);
  assert.match(checkMockBidderRequests({ rubicon: {} }, calls) ?? '', /never called/);
  assert.equal(checkMockBidderRequests(undefined, calls), undefined);
});

test('validated requests are checked through the debug echo, else skipped', () => {
  assert.deepEqual(checkValidatedRequest(undefined, '{}'), {});
  assert.deepEqual(checkValidatedRequest({ id: 'x' }, '{"ext":{}}'), { skipped: true });
  assert.deepEqual(
    checkValidatedRequest({ id: 'x' }, '{"ext":{"debug":{"resolvedrequest":{"id":"x"}}}}'),
    {},
  );
  assert.ok(checkValidatedRequest({ id: 'x' }, '{"ext":{"debug":{"resolvedrequest":{"id":"y"}}}}').failure);
});
