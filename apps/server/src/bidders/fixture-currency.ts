// The conversion table an adapter fixture runs with (README step 2): the rates of
// `mockBidRequest.ext.prebid.currency.rates`, direct or inverse, same currency = 1; none → only same.
// Float arithmetic on purpose: it reproduces the upstream converter's results digit for digit.
import type { BidRequest } from '../openrtb/types.js';
import { isKnownCurrency } from '../currency/currency-codes.js';

type Rates = Record<string, Record<string, unknown>>;

function ratesOf(request: Readonly<BidRequest>): Rates {
  const prebid = (request.ext as { prebid?: { currency?: { rates?: unknown } } } | undefined)?.prebid;
  const rates = prebid?.currency?.rates;
  return typeof rates === 'object' && rates !== null ? (rates as Rates) : {};
}

/** `convertCurrency` for the adapter context of one fixture. */
export function createFixtureCurrency(
  request: Readonly<BidRequest>,
): (amount: number, from: string, to: string) => number {
  const rates = ratesOf(request);
  return (amount, from, to) => {
    // Upstream parses both codes first: anything but three letters is a syntax error.
    if (!/^[A-Za-z]{3}$/.test(from) || !/^[A-Za-z]{3}$/.test(to))
      throw new Error('currency: tag is not well-formed');
    // …then checks both are known ISO 4217 codes.
    if (!isKnownCurrency(from.toUpperCase()) || !isKnownCurrency(to.toUpperCase()))
      throw new Error('currency: tag is not a recognized currency');
    if (from.toUpperCase() === to.toUpperCase()) return amount;
    const direct = rates[from]?.[to];
    if (typeof direct === 'number') return amount * direct;
    const inverse = rates[to]?.[from];
    if (typeof inverse === 'number' && inverse !== 0) return amount * (1 / inverse);
    throw new Error(`Currency conversion rate not found: '${from}' => '${to}'`);
  };
}
