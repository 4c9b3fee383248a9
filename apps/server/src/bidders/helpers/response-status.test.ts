// Standard status handling: 204 is no bids, 400 bad input unless the bidder treats it as a server error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stopOnStatus } from './response-status.js';

const answer = (status: number) => ({ status, headers: {}, body: '' });

test('200 is parsed, 204 is no bids', () => {
  assert.equal(stopOnStatus(answer(200)), undefined);
  assert.deepEqual(stopOnStatus(answer(204)), { value: null, errors: [] });
});

test('400 is bad input, other failures bad server responses', () => {
  assert.equal(stopOnStatus(answer(400))?.errors[0]?.code, 2);
  assert.equal(stopOnStatus(answer(500))?.errors[0]?.code, 3);
});

test('badRequestIsServerError reports a 400 as a bad server response, same wording', () => {
  const stop = stopOnStatus(answer(400), { period: true, badRequestIsServerError: true });
  assert.deepEqual(stop?.errors, [
    { code: 3, message: 'Unexpected status code: 400. Run with request.debug = 1 for more info.' },
  ]);
});
