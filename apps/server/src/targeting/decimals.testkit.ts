// Shared by the exact-arithmetic property tests (micros, bid adjustment factors and rules): prices
// as publishers and bidders write them, and decimal.js's product, the reference they are held to.
import { Decimal } from 'decimal.js';
import fc from 'fast-check';

/** A decimal with 0..8 decimals below `max`, written out and read as JS reads JSON. */
export function decimalArb(max: number): fc.Arbitrary<number> {
  return fc
    .tuple(
      fc.integer({ min: 0, max }),
      fc.integer({ min: 0, max: 99_999_999 }),
      fc.integer({ min: 0, max: 8 }),
    )
    .map(([int, frac, decimals]) =>
      Number(decimals === 0 ? `${int}` : `${int}.${String(frac).padStart(8, '0').slice(0, decimals)}`),
    );
}

/** a × b exactly, then the nearest double: what decimal.js gives. */
export const decimalProduct = (a: number, b: number): number => new Decimal(a).times(b).toNumber();
