// Validation of ext.<ns>.targeting.pricegranularity / mediatypepricegranularity (contract
// "Targeting object" rules 1–2; notes §7 and §9). Bucketing itself belongs to the targeting module.
import { isNumber, isObject } from './json-shape.js';

/** String forms accepted by both upstream servers (notes §9). */
export const PRICE_GRANULARITY_NAMES: ReadonlySet<string> = new Set([
  'low',
  'med',
  'medium',
  'high',
  'auto',
  'dense',
]);
const MAX_PRECISION = 15;
const PREFIX = 'Price granularity error: ';

/** Returns the first problem with one price granularity value, or undefined when it is usable. */
export function checkPriceGranularity(pg: unknown): string | undefined {
  if (typeof pg === 'string') {
    // Variant J: an unknown name is rejected rather than silently replaced (docs/decisions.md).
    return PRICE_GRANULARITY_NAMES.has(pg)
      ? undefined
      : `${PREFIX}invalid string price granularity with value: ${pg}`;
  }
  if (!isObject(pg)) return `${PREFIX}must be a string or an object`;
  const precision = pg.precision;
  // Absent precision defaults to 2 (contract "Targeting object").
  if (precision !== undefined && precision !== null) {
    if (!isNumber(precision) || !Number.isInteger(precision)) return `${PREFIX}precision must be an integer`;
    if (precision < 0) return `${PREFIX}precision must be non-negative`;
    if (precision > MAX_PRECISION)
      return `${PREFIX}precision of more than 15 significant figures is not supported`;
  }
  const ranges = pg.ranges;
  if (ranges === undefined || ranges === null) return undefined;
  if (!Array.isArray(ranges)) return `${PREFIX}ranges must be an array`;
  let prevMax = 0;
  for (const r of ranges as unknown[]) {
    if (!isObject(r) || !isNumber(r.max) || r.max <= prevMax) {
      return `${PREFIX}range list must be ordered with increasing "max"`;
    }
    if (!isNumber(r.increment) || r.increment <= 0)
      return `${PREFIX}increment must be a nonzero positive number`;
    prevMax = r.max;
  }
  return undefined;
}

/** Checks `targeting.pricegranularity` and each `targeting.mediatypepricegranularity.<type>`. */
export function checkTargeting(targeting: unknown, ns: string): string | undefined {
  if (targeting === undefined || targeting === null) return undefined;
  if (!isObject(targeting)) return `request.ext.${ns}.targeting must be an object`;
  if (targeting.pricegranularity !== undefined && targeting.pricegranularity !== null) {
    const err = checkPriceGranularity(targeting.pricegranularity);
    if (err) return err;
  }
  const perType = targeting.mediatypepricegranularity;
  if (perType === undefined || perType === null) return undefined;
  if (!isObject(perType)) return `request.ext.${ns}.targeting.mediatypepricegranularity must be an object`;
  for (const value of Object.values(perType)) {
    const err = checkPriceGranularity(value);
    if (err) return err;
  }
  return undefined;
}
