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

/**
 * `new Decimal(a).times(b).toNumber()` without decimal.js, when both factors have exact micros and
 * the product of those integers is a safe integer; otherwise undefined (the caller uses decimal.js).
 * Why it is the same double: the integer product is exact, so the decimal value a × b is exactly
 * product / 10^12 — at most 16 significant digits, which decimal.js (20 digits) also holds exactly —
 * and dividing two exactly representable integers is one correctly rounded IEEE operation, giving
 * the double nearest that value, as toNumber() does. Signs follow the same rules in both, -0
 * included (0 × -2 is -0 in decimal.js too).
 */
export function exactProduct(a: number, b: number): number | undefined {
  const am = exactMicros(a);
  if (am === undefined) return undefined;
  const bm = exactMicros(b);
  if (bm === undefined) return undefined;
  const product = am * bm; // a true product above 2^53 - 1 comes out ≥ 2^53: never a safe integer
  return Number.isSafeInteger(product) ? product / 1e12 : undefined;
}

/** Non-negative integer micros as text with exactly `precision` decimals, rounded down. */
export function formatMicros(micros: number, precision: number): string {
  const units = Math.floor(micros / 1_000_000);
  const frac = String(micros - units * 1_000_000).padStart(6, '0');
  if (precision === 0) return String(units);
  const digits = precision <= 6 ? frac.slice(0, precision) : frac + '0'.repeat(precision - 6);
  return `${units}.${digits}`;
}
