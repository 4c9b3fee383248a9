// Choosing the higher of two prices (e.g. a params floor against the imp's floor) exactly, with
// decimal.js rather than binary-float comparison, per the money rule.
import { Decimal } from 'decimal.js';

/** The higher of two CPM amounts; an absent amount counts as 0. */
export function maxPrice(a: number | undefined, b: number | undefined): number {
  const x = new Decimal(a ?? 0);
  const y = new Decimal(b ?? 0);
  return (x.greaterThanOrEqualTo(y) ? x : y).toNumber();
}
