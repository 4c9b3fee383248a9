// The adapters' per-auction convertCurrency (upstream ExtraRequestInfo.ConvertCurrency over
// GetAuctionCurrencyRates): request rates first, server rates for the rest unless usepbsrates=false.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { createRateTable } from './rate-table.js';
import { adapterCurrency } from './adapter-currency.js';

const server = createRateTable({ USD: { EUR: 0.9, GBP: 0.8 } });
const req = (currency?: Record<string, unknown>) =>
  ({ id: 'r', imp: [], ...(currency ? { ext: { prebid: { currency } } } : {}) }) as BidRequest;

test('no request rates: the server rates (direct, inverse), same currency = unchanged', () => {
  const convert = adapterCurrency({ request: req(), ns: 'prebid', server });
  assert.equal(convert(2, 'USD', 'EUR'), 2 * 0.9);
  assert.equal(convert(0.9, 'EUR', 'USD'), 0.9 * (1 / 0.9));
  assert.equal(convert(1.23, 'JPY', 'JPY'), 1.23);
  assert.equal(convert(1.23, 'usd', 'USD'), 1.23, 'codes are case-insensitive');
});

test('request rates win; pairs they miss fall back to the server; float arithmetic as upstream', () => {
  const convert = adapterCurrency({
    request: req({ rates: { USD: { EUR: 0.5, SEK: 10 } } }),
    ns: 'prebid',
    server,
  });
  assert.equal(convert(3, 'USD', 'EUR'), 1.5);
  assert.equal(convert(0.7, 'SEK', 'USD'), 0.7 * (1 / 10));
  assert.equal(convert(0.3, 'EUR', 'SEK'), 0.3 * (10 / 0.5), 'through a base quoting both');
  assert.equal(convert(1, 'USD', 'GBP'), 0.8, 'server fallback');
  assert.equal(convert(0.1, 'USD', 'EUR') * 3, 0.1 * 0.5 * 3);
});

test('usepbsrates false: only the request rates; a missing pair throws upstream text', () => {
  const convert = adapterCurrency({
    request: req({ rates: { USD: { EUR: 0.5 } }, usepbsrates: false }),
    ns: 'prebid',
    server,
  });
  assert.equal(convert(1, 'EUR', 'USD'), 2);
  assert.throws(() => convert(1, 'USD', 'GBP'), {
    message: "Currency conversion rate not found: 'USD' => 'GBP'",
  });
});

test('no rates anywhere, unknown or malformed codes', () => {
  const convert = adapterCurrency({ request: req(), ns: 'prebid' });
  assert.throws(() => convert(1, 'EUR', 'USD'), {
    message: "Currency conversion rate not found: 'EUR' => 'USD'",
  });
  assert.throws(() => convert(1, 'EURO', 'USD'), { message: 'currency: tag is not well-formed' });
  assert.throws(() => convert(1, 'ZZZ', 'USD'), { message: 'currency: tag is not a recognized currency' });
});

test('the namespace decides where the request rates are read', () => {
  const request = {
    id: 'r',
    imp: [],
    ext: { core: { currency: { rates: { USD: { EUR: 0.25 } } } } },
  } as BidRequest;
  assert.equal(adapterCurrency({ request, ns: 'core', server })(4, 'USD', 'EUR'), 1);
  assert.equal(adapterCurrency({ request, ns: 'prebid', server })(1, 'USD', 'EUR'), 0.9);
});
