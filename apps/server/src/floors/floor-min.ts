// Floor currency and floor minimum (G floors/rule.go getFloorCurrency, getMinFloorValue; floors.go
// resolveFloorMin, mergeFloors). Prices are rounded to 4 decimals with decimal.js, half away from
// zero as Go's math.Round.
import { Decimal } from 'decimal.js';
import type { Imp } from '../openrtb/types.js';
import { exactMicros } from '../targeting/micros.js';
import { impFloorMin } from './parse.js';
import type { ConvertFn, PriceFloorData, PriceFloorRules } from './types.js';

export const DEFAULT_CURRENCY = 'USD';

/**
 * x rounded to 4 decimals, half away from zero, as decimal.js gives it. In integer micros when x has
 * ≤ 6 decimals (every step exact, and q / 10^4 is the double nearest q × 10^-4, as toNumber() reads
 * it); decimal.js otherwise, and for a result of zero (its sign is decimal.js's to tell).
 */
export function round4(x: number): number {
  const m = exactMicros(x);
  if (m !== undefined) {
    const r = m % 100;
    const q = (m - r) / 100 + (r >= 50 ? 1 : r <= -50 ? -1 : 0);
    if (q !== 0) return q / 1e4;
  }
  return new Decimal(x).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toNumber();
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** `convert`, with a thrown error (or a non-finite result) as a value. */
export function tryConvert(
  convert: ConvertFn,
  q: { amount: number; from: string; to: string },
): { ok: true; value: number } | { ok: false; error: string } {
  try {
    const value = convert(q.amount, q.from, q.to);
    if (typeof value !== 'number' || !Number.isFinite(value))
      return { ok: false, error: `Currency conversion rate not found: '${q.from}' => '${q.to}'` };
    return { ok: true, value };
  } catch (e) {
    return { ok: false, error: message(e) };
  }
}

/** The selected model group's currency, else data.currency, else USD. */
export function floorCurrency(rules: PriceFloorRules): string {
  const data = rules.data;
  return data?.modelgroups?.[0]?.currency || data?.currency || DEFAULT_CURRENCY;
}

export interface FloorMinResult {
  floorMin: number;
  floorCur: string;
  error?: string;
}

/**
 * The imp's floor minimum in the floor currency: imp.ext.<ns>.floors.{floormin, floormincur} win
 * over the request's floormin/floormincur; converted when its currency differs.
 */
export function minFloorValue(
  rules: PriceFloorRules,
  imp: Imp,
  ns: string,
  convert: ConvertFn,
): FloorMinResult {
  let floorMin = round4(rules.floormin ?? 0);
  let floorMinCur = rules.floormincur ?? '';
  const fromImp = impFloorMin(imp.ext?.[ns], `imp.ext.${ns}`);
  if (!fromImp.ok)
    return { floorMin, floorCur: '', error: `Error in getting FloorMin value : '${fromImp.error}'` };
  if (fromImp.value.floorMin > 0) floorMin = fromImp.value.floorMin;
  if (fromImp.value.floorMinCur !== '') floorMinCur = fromImp.value.floorMinCur;
  const floorCur = floorCurrency(rules);
  if (floorMin > 0 && floorMinCur !== '' && floorMinCur !== floorCur) {
    const converted = tryConvert(convert, { amount: floorMin, from: floorMinCur, to: floorCur });
    if (!converted.ok)
      return { floorMin: 0, floorCur, error: `Error in getting FloorMin value : '${converted.error}'` };
    floorMin = converted.value;
  }
  return { floorMin: round4(floorMin), floorCur };
}

interface Price {
  floorMin: number;
  floorMinCur: string;
}

const minOf = (rules: PriceFloorRules | undefined): Price => ({
  floorMin: rules?.floormin ?? 0,
  floorMinCur: rules?.floormincur || rules?.data?.currency || '',
});

/** The floor minimum of request and fetched data together (G resolveFloorMin). */
export function resolveFloorMin(
  req: PriceFloorRules | undefined,
  fetched: PriceFloorRules,
  convert: ConvertFn,
): Price {
  const r = minOf(req);
  const p = minOf(fetched);
  if (r.floorMinCur !== '') {
    if (r.floorMin > 0) return r;
    if (p.floorMin > 0) {
      if (p.floorMinCur === r.floorMinCur || p.floorMinCur === '')
        return { floorMin: p.floorMin, floorMinCur: r.floorMinCur };
      const converted = tryConvert(convert, { amount: p.floorMin, from: p.floorMinCur, to: r.floorMinCur });
      return { floorMin: converted.ok ? round4(converted.value) : 0, floorMinCur: r.floorMinCur };
    }
  }
  if (p.floorMinCur !== '') {
    if (p.floorMin > 0) return p;
    if (r.floorMin > 0) return { floorMin: r.floorMin, floorMinCur: p.floorMinCur };
  }
  return r;
}

/**
 * Fetched data with the request's enforcement, floor minimum and endpoint over it (G mergeFloors).
 * `enabled` is the request's and the fetched rules' together.
 */
export function mergeFloors(
  req: PriceFloorRules | undefined,
  fetchedData: PriceFloorData,
  convert: ConvertFn,
): PriceFloorRules {
  const fetched: PriceFloorRules = { data: fetchedData };
  const merged: PriceFloorRules = { data: fetchedData, enabled: req?.enabled !== false };
  if (!req) return merged;
  if (req.enforcement) merged.enforcement = { ...req.enforcement };
  const min = resolveFloorMin(req, fetched, convert);
  if (min.floorMin > 0) {
    merged.floormin = min.floorMin;
    merged.floormincur = min.floorMinCur;
  }
  if (req.floorendpoint?.url) merged.floorendpoint = { url: req.floorendpoint.url };
  return merged;
}
