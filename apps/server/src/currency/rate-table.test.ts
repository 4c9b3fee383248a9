import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRateTable } from './rate-table.js';
import { createConverter, readRequestCurrency, selectRateSources } from './converter.js';
import { isKnownCurrency, validateRequestRates } from './currency-codes.js';
import { parseRatesFile } from './rate-file.js';

const rates = { USD: { GBP: 0.8, EUR: 0.9 }, JPY: { USD: 0.0067 }, CAD: { GBP: 0.6 } };

test('lookup: same, direct, inverse, common quote currency, base pivot, none', () => {
  const t = createRateTable(rates);
  assert.equal(t.rate('MXN', 'MXN')?.toString(), '1');
  assert.equal(t.rate('USD', 'GBP')?.toString(), '0.8');
  assert.equal(t.rate('GBP', 'USD')?.toString(), '1.25');
  // USD and CAD both quote GBP: USD→CAD = 0.8 / 0.6
  assert.equal(t.rate('USD', 'CAD')?.toFixed(6), '1.333333');
  // base USD quotes both GBP and EUR: GBP→EUR = 0.9 / 0.8
  assert.equal(t.rate('GBP', 'EUR')?.toString(), '1.125');
  assert.equal(t.rate('USD', 'MXN'), undefined);
});

test('precedence: request rates first, server rates as fallback, none with useserverrates false', () => {
  const server = createRateTable({ USD: { MXN: 2 } });
  const conv = (ext: Record<string, unknown> | undefined, ns = 'core') =>
    createConverter(selectRateSources(readRequestCurrency(ext, ns), server)).convert(1, 'USD', 'MXN');
  const price = (r: ReturnType<typeof conv>) => (r.ok ? r.price.toNumber() : r.error);
  assert.equal(price(conv(undefined)), 2);
  assert.equal(price(conv({ core: { currency: { rates: { USD: { MXN: 5 } } } } })), 5);
  assert.equal(price(conv({ core: { currency: { rates: { USD: { MXN: 5 } }, useserverrates: true } } })), 5);
  assert.equal(price(conv({ core: { currency: { rates: { USD: { JPY: 15 } } } } })), 2);
  assert.equal(price(conv({ core: { currency: { rates: { USD: { MXN: 5 } }, useserverrates: false } } })), 5);
  assert.equal(
    price(conv({ core: { currency: { rates: { USD: { JPY: 2 } }, useserverrates: false } } })),
    "Currency conversion rate not found: 'USD' => 'MXN'",
  );
  assert.equal(
    price(conv({ core: { currency: { rates: {}, useserverrates: false } } })),
    "Currency conversion rate not found: 'USD' => 'MXN'",
  );
  // usepbsrates is the upstream spelling, honoured in the prebid namespace only.
  assert.equal(
    price(conv({ prebid: { currency: { usepbsrates: false } } }, 'prebid')).toString(),
    "Currency conversion rate not found: 'USD' => 'MXN'",
  );
  assert.equal(price(conv({ core: { currency: { usepbsrates: false } } })), 2);
});

test('conversion is exact decimal', () => {
  const c = createConverter([createRateTable({ USD: { EUR: 0.1 } })]);
  const r = c.convert(0.2, 'USD', 'EUR');
  assert.ok(r.ok);
  assert.equal(r.price.toNumber(), 0.02);
});

test('currency codes and request rates validation', () => {
  assert.equal(isKnownCurrency('USD'), true);
  assert.equal(isKnownCurrency('FOO'), false);
  assert.deepEqual(validateRequestRates({ USD: { FOO: 10 } }, 'prebid'), [
    'currency code FOO is not recognized or malformed',
  ]);
  assert.deepEqual(validateRequestRates({ USD: { MXN: -1 } }, 'core'), [
    'request.ext.core.currency.rates.USD.MXN must be a positive number',
  ]);
  assert.deepEqual(validateRequestRates(undefined, 'core'), []);
});

test('rates file: upstream format, conversions only', () => {
  assert.deepEqual(parseRatesFile('{"dataAsOf":"2018-09-12","conversions":{"USD":{"GBP":0.77}}}'), {
    USD: { GBP: 0.77 },
  });
  assert.deepEqual(parseRatesFile('{"conversions":null,"dataAsOf":"2018-09-12"}'), {});
  assert.throws(() => parseRatesFile('nope'), /not valid JSON/);
  assert.throws(() => parseRatesFile('null'), /no "conversions"/);
  assert.throws(() => parseRatesFile('{"rates":{}}'), /no "conversions"/);
  assert.throws(() => parseRatesFile('{"conversions":{"USD":{"GBP":"x"}}}'), /conversions\.USD\.GBP/);
});
