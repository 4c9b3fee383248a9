// Request-level conversion (contract "Currency rules", notes §12 "Request rates vs server rates"):
// the one place that decides precedence between request rates and server rates.
import { Decimal } from 'decimal.js';
import { createRateTable, IDENTITY_RATES, type RateSource, type Rates } from './rate-table.js';

export interface RequestCurrency {
  /** `ext.{ns}.currency.rates`, when given. */
  rates?: Rates;
  /** `useserverrates` (`usepbsrates` in the prebid namespace); default true. */
  useServerRates: boolean;
}

export type Conversion = { ok: true; price: Decimal } | { ok: false; error: string };

export interface Converter {
  /**
   * Converts an amount from one currency to another, exactly. A currency into itself is always the
   * amount itself (IDENTITY_RATES comes first in every converter): bidadjustments/exact.ts relies on it.
   */
  convert(amount: Decimal.Value, from: string, to: string): Conversion;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads the request's currency block; `usepbsrates` is honoured only in the prebid namespace. */
export function readRequestCurrency(
  requestExt: Record<string, unknown> | undefined,
  ns: string,
): RequestCurrency {
  const nsExt = requestExt?.[ns];
  const cur = isRecord(nsExt) ? nsExt.currency : undefined;
  if (!isRecord(cur)) return { useServerRates: true };
  const flag = cur.useserverrates ?? (ns === 'prebid' ? cur.usepbsrates : undefined);
  return {
    rates: isRecord(cur.rates) ? (cur.rates as Rates) : undefined,
    useServerRates: flag !== false,
  };
}

/**
 * Precedence (the contract wins over J): request rates first (highest priority); server rates are
 * consulted only for pairs the request rates can't resolve, and never when useServerRates is false.
 */
export function selectRateSources(req: RequestCurrency, server: RateSource | undefined): RateSource[] {
  const sources: RateSource[] = [IDENTITY_RATES];
  if (req.rates && Object.keys(req.rates).length > 0) sources.push(createRateTable(req.rates));
  if (req.useServerRates && server) sources.push(server);
  return sources;
}

export function createConverter(sources: readonly RateSource[]): Converter {
  return {
    convert(amount, from, to) {
      for (const s of sources) {
        const rate = s.rate(from, to);
        if (rate) return { ok: true, price: new Decimal(amount).times(rate) };
      }
      return { ok: false, error: `Currency conversion rate not found: '${from}' => '${to}'` };
    },
  };
}

/**
 * A `convertCurrency(amount, from, to)` over the server rates only: a plain number out, throws when
 * no rate exists. The auction replaces it per request with adapter-currency.ts (request rates first).
 */
export function convertWithRates(
  server: RateSource | undefined,
): (amount: number, from: string, to: string) => number {
  const converter = createConverter(server ? [IDENTITY_RATES, server] : [IDENTITY_RATES]);
  return (amount, from, to) => {
    const r = converter.convert(amount, from, to);
    if (!r.ok) throw new Error(r.error);
    return r.price.toNumber();
  };
}
