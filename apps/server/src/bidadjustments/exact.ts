// The integer fast path of apply.ts: the same exact decimal arithmetic as decimal.js, on a price held
// as n × 10^-scale with n a safe integer. Every value must have exact micros (≤ 6 decimals in its
// shortest form, targeting/micros.ts) and every intermediate n must stay a safe integer; then each
// step is exact, and so is decimal.js's (≤ 16 significant digits, within its precision of 20), so both
// reach the same decimal. Anything else answers undefined and apply.ts runs decimal.js: more decimals,
// an n beyond 2^53, and a cpm whose currency differs from the price's (its rate is a Decimal).
import { exactMicros } from '../targeting/micros.js';
import type { Adjustment } from './types.js';

/** 10^k for k = 0..15, all exact doubles. */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const PRICE_DECIMALS = 4;
/**
 * Results of at most 15 digits (in units of 10^-4: prices below 10^11) only: a decimal of at most
 * 15 significant digits is the shortest form of its nearest double, so the number returned stands
 * for the exact result wherever it is read back as a decimal (new Decimal(x), the converter).
 */
const MAX_UNITS = 1e15;

export interface ExactAdjusted {
  /** The double nearest the adjusted price, which is exactly its shortest decimal form. */
  price: number;
  currency: string;
}

/** How many of the 6 decimals of `micros` are trailing zeros (6 for 0). */
function zeroDecimals(micros: number): number {
  let z = 0;
  while (z < 6 && micros % POW10[z + 1]! === 0) z += 1;
  return z;
}

/** x × 10^k when that is a safe integer, else NaN (which every later check rejects). */
function scaleUp(x: number, k: number): number {
  const y = k < POW10.length ? x * POW10[k]! : Number.NaN;
  return Number.isSafeInteger(y) ? y : Number.NaN;
}

/** n × 10^-scale rounded to 4 decimals, half away from zero, in units of 10^-4; NaN when not exact. */
function toUnits(n: number, scale: number): number {
  if (scale <= PRICE_DECIMALS) return scaleUp(n, PRICE_DECIMALS - scale);
  const k = scale - PRICE_DECIMALS;
  if (k >= POW10.length) return Number.NaN;
  const d = POW10[k]!;
  const r = n % d; // exact for doubles; the sign of n
  const q = (n - r) / d; // n - r is an exact multiple of d, so the quotient is exact
  return 2 * Math.abs(r) >= d ? q + Math.sign(n) : q;
}

/**
 * The adjustments applied in order and rounded to 4 decimals, as runAdjustments does with decimal.js,
 * or undefined when they are not exact in safe integers. Never abandons a rule: a cpm that needs a
 * conversion (the only step that can fail) is left to decimal.js. A cpm in the price's own currency
 * needs none: every converter converts a currency into itself at rate 1 (IDENTITY_RATES comes first).
 */
export function adjustExactly(
  list: readonly Adjustment[],
  price: number,
  currency: string,
): ExactAdjusted | undefined {
  const micros = exactMicros(price);
  if (micros === undefined) return undefined;
  // Trailing zeros dropped (1.5 is 15 × 10^-1, not 1500000 × 10^-6): a chain of multipliers then
  // stays within 2^53 far longer.
  let scale = 6 - zeroDecimals(micros);
  let n = micros / POW10[6 - scale]!;
  let cur = currency;
  for (const a of list) {
    const m = exactMicros(a.value);
    if (m === undefined) return undefined;
    const vScale = 6 - zeroDecimals(m);
    const v = m / POW10[6 - vScale]!;
    if (a.adjtype === 'multiplier') {
      n *= v; // a true product above 2^53 - 1 comes out ≥ 2^53: never a safe integer
      scale += vScale;
    } else if (a.adjtype === 'static') {
      n = v;
      scale = vScale;
      cur = a.currency;
    } else if (a.adjtype === 'cpm') {
      if (a.currency !== cur) return undefined;
      if (scale >= vScale) n -= scaleUp(v, scale - vScale);
      else {
        n = scaleUp(n, vScale - scale) - v;
        scale = vScale;
      }
    }
    if (!Number.isSafeInteger(n)) return undefined;
  }
  const units = toUnits(n, scale);
  if (!(Math.abs(units) < MAX_UNITS)) return undefined; // also NaN
  // One correctly rounded division of two exact integers: the double nearest units × 10^-4, which is
  // what Decimal#toNumber() gives.
  return { price: units / 1e4, currency: cur };
}
