// Reads `ext.{ns}.targeting` (contract "Targeting object") into a typed config, with the
// contract's defaults (all flags false) and exact-decimal granularities. Returns 400-ready messages.
import type { MediaType } from '../bidders/types.js';
import { MEDIUM, parsePriceGranularity, type PriceGranularity } from './price-granularity.js';

export interface TargetingConfig {
  priceGranularity: PriceGranularity;
  /** Variant J: per media type; `priceGranularity` applies to types not named. */
  mediaTypePriceGranularity: Partial<Record<MediaType, PriceGranularity>>;
  includeWinners: boolean;
  includeBidderKeys: boolean;
  includeFormat: boolean;
  preferDeals: boolean;
  alwaysIncludeDeals: boolean;
  /**
   * Key prefix the request asks for (`targeting.prefix`, upstream G; '' when it gives none). The
   * prefix used is resolved with the account and the key length (key-settings.ts).
   */
  prefix: string;
}

export type TargetingParse = { config: TargetingConfig | undefined; errors: string[] };

const MEDIA_TYPES: readonly MediaType[] = ['banner', 'video', 'native', 'audio'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readFlag(t: Record<string, unknown>, name: string, field: string, errors: string[]): boolean {
  const v = t[name];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') {
    errors.push(`${field}.${name} must be a boolean`);
    return false;
  }
  return v;
}

/**
 * `raw` is the value of `ext.{ns}.targeting` (undefined → no targeting). `accountDefault` is the
 * account's granularity used when the request gives none; medium otherwise.
 */
export function parseTargeting(raw: unknown, ns: string, accountDefault?: unknown): TargetingParse {
  if (raw === undefined || raw === null) return { config: undefined, errors: [] };
  const field = `request.ext.${ns}.targeting`;
  if (!isRecord(raw)) return { config: undefined, errors: [`${field} must be an object`] };
  const errors: string[] = [];
  let priceGranularity = MEDIUM;
  const pgRaw = raw.pricegranularity ?? accountDefault;
  if (pgRaw !== undefined && pgRaw !== null) {
    const parsed = parsePriceGranularity(pgRaw, `${field}.pricegranularity`);
    if (parsed.ok) priceGranularity = parsed.value;
    else errors.push(parsed.error);
  }
  const mediaTypePriceGranularity: Partial<Record<MediaType, PriceGranularity>> = {};
  const mt = raw.mediatypepricegranularity;
  if (mt !== undefined && mt !== null) {
    if (!isRecord(mt)) errors.push(`${field}.mediatypepricegranularity must be an object`);
    else {
      for (const type of MEDIA_TYPES) {
        if (mt[type] === undefined || mt[type] === null) continue;
        const parsed = parsePriceGranularity(mt[type], `${field}.mediatypepricegranularity.${type}`);
        if (parsed.ok) mediaTypePriceGranularity[type] = parsed.value;
        else errors.push(parsed.error);
      }
    }
  }
  const config: TargetingConfig = {
    priceGranularity,
    mediaTypePriceGranularity,
    includeWinners: readFlag(raw, 'includewinners', field, errors),
    includeBidderKeys: readFlag(raw, 'includebidderkeys', field, errors),
    includeFormat: readFlag(raw, 'includeformat', field, errors),
    preferDeals: readFlag(raw, 'preferdeals', field, errors),
    alwaysIncludeDeals: readFlag(raw, 'alwaysincludedeals', field, errors),
    prefix: typeof raw.prefix === 'string' ? raw.prefix : '',
  };
  return { config, errors };
}

/** The granularity that buckets a bid of this media type. */
export function granularityFor(config: TargetingConfig, type: MediaType): PriceGranularity {
  return config.mediaTypePriceGranularity[type] ?? config.priceGranularity;
}

/** Last parse per targeting object (steps 9–11 each read it; a request's objects are never modified). */
const parsedOnce = new WeakMap<
  object,
  { accountDefault: unknown; ns: string; config: TargetingConfig | undefined }
>();

/** Reads `ext[ns].targeting` of a request (lenient: invalid parts fall back to defaults). */
export function readTargeting(
  requestExt: Record<string, unknown> | undefined,
  ns: string,
  accountDefault?: unknown,
): TargetingConfig | undefined {
  const nsExt = requestExt?.[ns];
  if (!isRecord(nsExt)) return undefined;
  const raw = nsExt.targeting;
  if (!isRecord(raw)) return parseTargeting(raw, ns, accountDefault).config;
  const known = parsedOnce.get(raw);
  if (known && known.accountDefault === accountDefault && known.ns === ns) return known.config;
  const config = parseTargeting(raw, ns, accountDefault).config;
  parsedOnce.set(raw, { accountDefault, ns, config });
  return config;
}
