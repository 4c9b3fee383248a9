// The adapters' `convertCurrency(amount, from, to)` of one auction (AdapterContext), as upstream's
// ExtraRequestInfo.ConvertCurrency over GetAuctionCurrencyRates: the request's
// `ext.<ns>.currency.rates` first, the server's rates for pairs the request can't resolve (never
// when `usepbsrates` is false). Float arithmetic on purpose, like upstream: adapters' floors must
// come out digit for digit (the money path in steps/convert-currency.ts stays exact).
import type { BidRequest } from '../openrtb/types.js';
import { readRequestCurrency } from './converter.js';
import { isKnownCurrency } from './currency-codes.js';
import type { RateSource, Rates } from './rate-table.js';

export interface AdapterCurrencyInput {
  request: Readonly<BidRequest>;
  ns: string;
  /** The server's rates; undefined when none are configured. */
  server?: RateSource | undefined;
}

export type ConvertFn = (amount: number, from: string, to: string) => number;

/** Thrown when neither rate table knows the pair (upstream ConversionNotFoundError's text). */
export class ConversionNotFoundError extends Error {
  constructor(from: string, to: string) {
    super(`Currency conversion rate not found: '${from}' => '${to}'`);
    this.name = 'ConversionNotFoundError';
  }
}

/** Upstream's ISO 4217 parse: case-insensitive, three letters, a known code. */
function parseCode(code: string): string {
  if (!/^[A-Za-z]{3}$/.test(code)) throw new Error('currency: tag is not well-formed');
  const upper = code.toUpperCase();
  if (!isKnownCurrency(upper)) throw new Error('currency: tag is not a recognized currency');
  return upper;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** One request rate table: direct, inverse, then through any base quoting both (upstream order). */
function requestRate(rates: Rates, from: string, to: string): number | undefined {
  const direct = num(rates[from]?.[to]);
  if (direct !== undefined) return direct;
  const inverse = num(rates[to]?.[from]);
  if (inverse !== undefined) return 1 / inverse;
  for (const row of Object.values(rates)) {
    const toRate = num(row[to]);
    const fromRate = num(row[from]);
    if (toRate !== undefined && fromRate !== undefined) return toRate / fromRate;
  }
  return undefined;
}

/** The per-auction conversion function handed to adapters; throws when impossible. */
export function adapterCurrency({ request, ns, server }: AdapterCurrencyInput): ConvertFn {
  const req = readRequestCurrency(request.ext, ns);
  const own = req.rates && Object.keys(req.rates).length > 0 ? req.rates : undefined;
  const useServer = req.useServerRates;
  return (amount, fromCode, toCode) => {
    const from = parseCode(fromCode);
    const to = parseCode(toCode);
    if (from === to) return amount;
    const fromRequest = own ? requestRate(own, from, to) : undefined;
    if (fromRequest !== undefined) return amount * fromRequest;
    const fromServer = useServer ? server?.rate(from, to) : undefined;
    if (fromServer !== undefined) return amount * fromServer.toNumber();
    throw new ConversionNotFoundError(from, to);
  };
}
