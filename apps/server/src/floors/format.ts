// Go's fmt output for the numbers quoted in upstream's floors messages, so texts match to the byte:
// `%v` of a float64 (strconv 'g' with shortest digits: exponent form when the exponent is < -4 or
// >= 6), `%.4f` (exact binary value, ties to even) and `%v` of a []string.
import { Decimal } from 'decimal.js';

/** Go `%v` of a float64, e.g. 1.5 → "1.5", -10 → "-10", 1e6 → "1e+06", 0.00001 → "1e-05". */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mantissa = '', expText = '0'] = x.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const abs = Math.abs(exp);
    return `${mantissa}e${exp < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  return String(x);
}

/**
 * Go `%.4f`: the exact binary value rounded half to even. `toFixed(4)` rounds the exact binary value
 * too, but a tie away from zero; a double is exactly halfway between two 4-decimal values only when
 * x × 10^4 = n + ½, i.e. x = odd / 32 (x × 32, exact for a power of two, is then an odd integer; an
 * even one, as for 1.5, has four decimals or fewer). Every other double takes toFixed (~0.1 µs, where
 * decimal.js took ~3 µs: two per floor warning).
 */
export function goFixed4(x: number): string {
  if (!Number.isFinite(x)) return goFloat(x);
  if (Math.abs(x) >= 1e21) return new Decimal(x).toFixed(4);
  const k = x * 32;
  if (!Number.isInteger(k) || k % 2 === 0) return x.toFixed(4);
  return new Decimal(x.toFixed(100)).toFixed(4, Decimal.ROUND_HALF_EVEN);
}

/** Go `%v` of a []string: "[a b c]". */
export function goStrings(list: readonly string[]): string {
  return `[${list.join(' ')}]`;
}
