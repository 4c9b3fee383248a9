// Exact prices in integer micros (millionths): the cheap exact form of a price with at most 6
// decimals, which is every price bidders send in practice. Callers fall back to decimal.js when a
// value has more (exactMicros answers undefined).

/** Largest price handled in micros: far below 2^53 micros, where doubles are 1e-7 apart or closer. */
const MAX_PRICE = 1e9;

/**
 * `value` × 10^6 as an integer when the decimal value of `value` (its shortest round-trip form,
 * as decimal.js reads a number) has at most 6 decimals; otherwise undefined. The check is exact:
 * two decimals of ≤ 6 decimals are ≥ 1e-6 apart, so only one of them rounds to this double.
 */
export function exactMicros(value: number): number | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= MAX_PRICE) return undefined;
  const micros = Math.round(value * 1_000_000);
  return micros / 1_000_000 === value ? micros : undefined;
}

/** Non-negative integer micros as text with exactly `precision` decimals, rounded down. */
export function formatMicros(micros: number, precision: number): string {
  const units = Math.floor(micros / 1_000_000);
  const frac = String(micros - units * 1_000_000).padStart(6, '0');
  if (precision === 0) return String(units);
  const digits = precision <= 6 ? frac.slice(0, precision) : frac + '0'.repeat(precision - 6);
  return `${units}.${digits}`;
}
