// Price granularity (contract "Targeting object" rules 1–2, notes §9): parsing the request's
// granularity forms and bucketing prices. All arithmetic is exact decimal (J behaviour, never floats):
// in integer micros when the price and the ranges have at most 6 decimals (every price a bidder
// sends in practice), in decimal.js otherwise.
import { Decimal } from 'decimal.js';
import { withProps } from '@gavel/common';
import { exactMicros, formatMicros } from './micros.js';

export interface PriceRange {
  /** Lower bound: the range's own `min` when given (G), else 0 or the previous range's max. */
  min: Decimal;
  max: Decimal;
  increment: Decimal;
}

export interface PriceGranularity {
  precision: number;
  ranges: readonly PriceRange[];
}

export const DEFAULT_PRECISION = 2;
/** Largest precision accepted (G's limit). */
export const MAX_PRECISION = 15;

type RangeSpec = readonly (readonly [max: string, increment: string])[];

const STRING_FORMS: Readonly<Record<string, RangeSpec>> = {
  low: [['5', '0.5']],
  med: [['20', '0.1']],
  medium: [['20', '0.1']],
  high: [['20', '0.01']],
  auto: [
    ['5', '0.05'],
    ['10', '0.1'],
    ['20', '0.5'],
  ],
  dense: [
    ['3', '0.01'],
    ['8', '0.05'],
    ['20', '0.5'],
  ],
};

function fromSpec(spec: RangeSpec, precision: number): PriceGranularity {
  let min = new Decimal(0);
  const ranges = spec.map(([max, inc]) => {
    const r = { min, max: new Decimal(max), increment: new Decimal(inc) };
    min = r.max;
    return r;
  });
  return { precision, ranges };
}

/** The string forms, built once (a granularity is never modified). */
const PARSED_FORMS: ReadonlyMap<string, PriceGranularity> = new Map(
  Object.entries(STRING_FORMS).map(([name, spec]) => [name, fromSpec(spec, DEFAULT_PRECISION)]),
);

/** The default when targeting is present without a granularity: "medium". */
export const MEDIUM: PriceGranularity = PARSED_FORMS.get('medium') as PriceGranularity;

export type ParseResult = { ok: true; value: PriceGranularity } | { ok: false; error: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/**
 * Parses a granularity as the request gives it: one of the string forms, or
 * `{precision?, ranges?}`. `field` names the JSON path for the 400 message.
 */
export function parsePriceGranularity(raw: unknown, field: string): ParseResult {
  if (typeof raw === 'string') {
    const parsed = Object.hasOwn(STRING_FORMS, raw) ? PARSED_FORMS.get(raw) : undefined;
    if (!parsed) return { ok: false, error: `${field}: invalid string price granularity with value: ${raw}` };
    return { ok: true, value: parsed };
  }
  if (!isRecord(raw)) return { ok: false, error: `${field} must be a string or an object` };
  let precision = DEFAULT_PRECISION;
  if (raw.precision !== undefined && raw.precision !== null) {
    const p = raw.precision;
    if (!Number.isInteger(p) || (p as number) < 0 || (p as number) > MAX_PRECISION) {
      return { ok: false, error: `${field}.precision must be an integer from 0 to ${MAX_PRECISION}` };
    }
    precision = p as number;
  }
  const rawRanges = raw.ranges;
  if (rawRanges === undefined || rawRanges === null)
    return { ok: true, value: withProps(MEDIUM, { precision }) };
  if (!Array.isArray(rawRanges)) return { ok: false, error: `${field}.ranges must be an array` };
  if (rawRanges.length === 0) return { ok: true, value: withProps(MEDIUM, { precision }) };
  const ranges: PriceRange[] = [];
  let min = new Decimal(0);
  for (const [i, r] of rawRanges.entries()) {
    const at = `${field}.ranges[${i}]`;
    if (!isRecord(r)) return { ok: false, error: `${at} must be an object` };
    if (!isNum(r.max)) return { ok: false, error: `${at}.max must be a number` };
    if (!isNum(r.increment) || r.increment <= 0) {
      return { ok: false, error: `${at}.increment must be a positive number` };
    }
    const max = new Decimal(r.max);
    if (max.lte(min)) {
      return { ok: false, error: `${at}.max: ranges must be listed in increasing max` };
    }
    // G buckets from the range's own min when the request gives one (J always uses the previous max).
    const own = isNum(r.min) && r.min >= 0 && new Decimal(r.min).lt(max) ? new Decimal(r.min) : min;
    ranges.push({ min: own, max, increment: new Decimal(r.increment) });
    min = max;
  }
  return { ok: true, value: { precision, ranges } };
}

/** The bucket as an exact decimal (before formatting): min + floor((cpm − min)/inc) × inc. */
export function bucketValue(price: Decimal.Value, g: PriceGranularity): Decimal {
  const cpm = new Decimal(price);
  const top = g.ranges[g.ranges.length - 1];
  if (!top || cpm.lte(0)) return new Decimal(0);
  if (cpm.gt(top.max)) return top.max;
  // J: the first range whose max is ≥ the price (ranges are contiguous and increasing).
  const range = g.ranges.find((r) => cpm.lte(r.max)) ?? top;
  // Below a range's own min (a gap the request left): no bucket, as no G range holds the price.
  if (cpm.lt(range.min)) return new Decimal(0);
  const steps = cpm.minus(range.min).dividedToIntegerBy(range.increment);
  return range.min.plus(steps.times(range.increment));
}

/** `hb_pb`: the price rounded down to its bucket, with exactly `precision` decimals. */
export function priceBucket(price: Decimal.Value, g: PriceGranularity): string {
  const micros = typeof price === 'number' ? bucketMicros(price, g) : undefined;
  if (micros !== undefined) return formatMicros(micros, g.precision);
  return bucketValue(price, g).toFixed(g.precision, Decimal.ROUND_DOWN);
}

/** Ranges in integer micros, or null when a bound or increment has more than 6 decimals. */
type MicroRange = { min: number; max: number; increment: number };
const microRanges = new WeakMap<PriceGranularity, readonly MicroRange[] | null>();

function rangesInMicros(g: PriceGranularity): readonly MicroRange[] | null {
  let ranges = microRanges.get(g);
  if (ranges === undefined) {
    const out: MicroRange[] = [];
    for (const r of g.ranges) {
      const min = decimalMicros(r.min);
      const max = decimalMicros(r.max);
      const increment = decimalMicros(r.increment);
      if (min === undefined || max === undefined || increment === undefined || increment <= 0) break;
      out.push({ min, max, increment });
    }
    ranges = out.length === g.ranges.length ? out : null;
    microRanges.set(g, ranges);
  }
  return ranges;
}

/** An exact decimal in integer micros, or undefined when it has more than 6 decimals. */
function decimalMicros(d: Decimal): number | undefined {
  const micros = d.times(1_000_000);
  return micros.isInteger() && micros.abs().lt(Number.MAX_SAFE_INTEGER) ? micros.toNumber() : undefined;
}

/** bucketValue in integer micros; undefined when the price or the ranges need decimal.js. */
function bucketMicros(price: number, g: PriceGranularity): number | undefined {
  const ranges = rangesInMicros(g);
  if (ranges === null) return undefined;
  const top = ranges[ranges.length - 1];
  if (!top || price <= 0) return 0;
  const cpm = exactMicros(price);
  if (cpm === undefined) return undefined;
  if (cpm > top.max) return top.max;
  const range = ranges.find((r) => cpm <= r.max) ?? top;
  if (cpm < range.min) return 0;
  return range.min + Math.floor((cpm - range.min) / range.increment) * range.increment;
}
