// Reading the category-mapping fields of `ext.<ns>.targeting` (G openrtb_ext.ExtRequestTargeting /
// ExtIncludeBrandCategory) and building them for the video endpoint (G video_auction.go
// createBidExtension). Keys match case-insensitively, as G's JSON decoding does (`withCategory`,
// `durationRangeSec` work). A field of the wrong type is reported and read as absent.
import type { BrandCategorySettings, IncludeBrandCategory } from './types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `obj[key]`, else the value of the first key equal to it ignoring case. */
function field(obj: Obj, key: string): unknown {
  if (Object.hasOwn(obj, key)) return obj[key];
  const k = Object.keys(obj).find((name) => name.toLowerCase() === key);
  return k === undefined ? undefined : obj[k];
}

interface Reader {
  errors: string[];
  at: string;
}

/** A JSON kind a setting must have, and how the error names it. */
interface Kind<T> {
  check: (v: unknown) => v is T;
  what: string;
}

function typed<T>(r: Reader, obj: Obj, key: string, kind: Kind<T>): T | undefined {
  const v = field(obj, key);
  if (v === undefined || v === null) return undefined;
  if (kind.check(v)) return v;
  r.errors.push(`${r.at}.${key} must be ${kind.what}`);
  return undefined;
}

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isIntArray = (v: unknown): v is number[] => Array.isArray(v) && v.every(isInt);

function readInclude(r: Reader, raw: Obj): IncludeBrandCategory {
  const at = r.at;
  r.at = `${at}.includebrandcategory`;
  const out: IncludeBrandCategory = {
    primaryAdServer: typed(r, raw, 'primaryadserver', { check: isInt, what: 'an integer' }) ?? 0,
    publisher: typed(r, raw, 'publisher', { check: isStr, what: 'a string' }) ?? '',
    withCategory: typed(r, raw, 'withcategory', { check: isBool, what: 'a boolean' }) ?? false,
    translateCategories: typed(r, raw, 'translatecategories', { check: isBool, what: 'a boolean' }) ?? true,
  };
  r.at = at;
  return out;
}

export interface ReadBrandCategoryOptions {
  /** Path used in messages (default `ext.prebid.targeting`). */
  at?: string;
  /** The video endpoint's podconfig.requireexactduration (the auction endpoint has no such field). */
  requireExactDuration?: boolean;
}

export interface BrandCategoryRead {
  /** Absent when `includebrandcategory` is not given (or not an object): category mapping is off. */
  settings?: BrandCategorySettings;
  /** Fields of the wrong type (read as absent). */
  errors: string[];
}

/** The category-mapping settings of a request's `ext.<ns>.targeting` object. */
export function readBrandCategorySettings(
  targeting: unknown,
  opts: ReadBrandCategoryOptions = {},
): BrandCategoryRead {
  const r: Reader = { errors: [], at: opts.at ?? 'ext.prebid.targeting' };
  if (!isObj(targeting)) return { errors: r.errors };
  const include = field(targeting, 'includebrandcategory');
  if (include === undefined || include === null) return { errors: r.errors };
  if (!isObj(include)) {
    r.errors.push(`${r.at}.includebrandcategory must be an object`);
    return { errors: r.errors };
  }
  const settings: BrandCategorySettings = {
    includeBrandCategory: readInclude(r, include),
    appendBidderNames:
      typed(r, targeting, 'appendbiddernames', { check: isBool, what: 'a boolean' }) ?? false,
    durationRangeSec:
      typed(r, targeting, 'durationrangesec', { check: isIntArray, what: 'an array of integers' }) ?? [],
    requireExactDuration: opts.requireExactDuration ?? false,
  };
  return { settings, errors: r.errors };
}

/**
 * The targeting fields the video endpoint adds to the request it builds (G createBidExtension):
 * `includebrandcategory` with `withcategory: true` when the video request has one, else
 * `{withcategory: false}` (so category mapping always runs for video); `durationrangesec` from the
 * pod config unless `requireexactduration`; `appendbiddernames` when set. Input: the validated video
 * request body (`includebrandcategory`, `podconfig`, `appendbiddernames`).
 */
export function videoCategoryTargeting(video: Readonly<Obj>): Obj {
  const out: Obj = {};
  const inc = video['includebrandcategory'];
  if (isObj(inc)) {
    const brand: Obj = {};
    if (isInt(inc['primaryadserver']) && inc['primaryadserver'] !== 0)
      brand['primaryadserver'] = inc['primaryadserver'];
    if (isStr(inc['publisher']) && inc['publisher'] !== '') brand['publisher'] = inc['publisher'];
    brand['withcategory'] = true;
    if (isBool(inc['translatecategories'])) brand['translatecategories'] = inc['translatecategories'];
    out['includebrandcategory'] = brand;
  } else {
    out['includebrandcategory'] = { withcategory: false };
  }
  const pc = video['podconfig'];
  if (isObj(pc) && pc['requireexactduration'] !== true && isIntArray(pc['durationrangesec'])) {
    if (pc['durationrangesec'].length > 0) out['durationrangesec'] = [...pc['durationrangesec']];
  }
  if (video['appendbiddernames'] === true) out['appendbiddernames'] = true;
  return out;
}
