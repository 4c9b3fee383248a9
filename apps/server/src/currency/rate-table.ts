// One table of conversion rates (notes §12 "Conversion lookup"): `rates[FROM][TO]` = units of TO per
// 1 FROM. Lookup order: same currency, direct, inverse, then a pivot currency. Exact decimals.
import { Decimal } from 'decimal.js';

export type Rates = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** The rate-source seam (architecture "Seams"): a rate, or undefined when this source has none. */
export interface RateSource {
  rate(from: string, to: string): Decimal | undefined;
}

const ONE = new Decimal(1);

function get(rates: Rates, from: string, to: string): Decimal | undefined {
  const v = rates[from]?.[to];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? new Decimal(v) : undefined;
}

export function createRateTable(rates: Rates): RateSource {
  return {
    rate(from, to) {
      if (from === to) return ONE;
      const direct = get(rates, from, to);
      if (direct) return direct;
      const inverse = get(rates, to, from);
      if (inverse) return ONE.dividedBy(inverse);
      // J: a currency C quoted from both FROM and TO → rates[FROM][C] / rates[TO][C].
      const fromRow = rates[from];
      const toRow = rates[to];
      if (fromRow && toRow) {
        for (const c of Object.keys(fromRow)) {
          const a = get(rates, from, c);
          const b = get(rates, to, c);
          if (a && b) return a.dividedBy(b);
        }
      }
      // G and J: a base B quoting both → rates[B][TO] / rates[B][FROM].
      for (const base of Object.keys(rates)) {
        const bt = get(rates, base, to);
        const bf = get(rates, base, from);
        if (bt && bf) return bt.dividedBy(bf);
      }
      return undefined;
    },
  };
}

/** Same-currency only: what remains when no rates are usable. */
export const IDENTITY_RATES: RateSource = { rate: (from, to) => (from === to ? ONE : undefined) };
