// The account's `price_floors.fetch` block → effective settings: upstream defaults (Go's
// account_defaults.price_floors.fetch.*) for absent keys, then Java's ranges
// (PriceFloorsConfigResolver); a value out of range makes the whole block unusable (status error).
import type { FetchSettings } from './types.js';

export interface ResolvedFetchSettings {
  url: string;
  timeoutMs: number;
  /** 0 = no limit. */
  maxBytes: number;
  maxRules: number;
  maxSchemaDims: number;
  maxAgeSec: number;
  periodSec: number;
}

export const FETCH_DEFAULTS = {
  timeout_ms: 3000,
  max_file_size_kb: 100,
  max_rules: 1000,
  max_age_sec: 86400,
  period_sec: 3600,
  max_schema_dims: 0,
} as const;

const MAX_INT32 = 2_147_483_647;
export const MIN_MAX_AGE_SEC = 600;
export const MIN_PERIOD_SEC = 300;

type Key = keyof typeof FETCH_DEFAULTS;

function invalid(key: Key, value: unknown): { error: string } {
  return { error: `Invalid price-floors property '${key}', value passed: ${String(value)}` };
}

function isValidUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** Reads one integer key; undefined when it is not an integer in [min, max]. */
function intIn(raw: FetchSettings, key: Key, min: number, max: number): number | undefined {
  const v = raw[key] ?? FETCH_DEFAULTS[key];
  return Number.isInteger(v) && v >= min && v <= max ? v : undefined;
}

export function resolveFetchSettings(raw: FetchSettings): ResolvedFetchSettings | { error: string } {
  const url = typeof raw.url === 'string' ? raw.url.trim() : '';
  if (!isValidUrl(url)) return { error: `Malformed fetch.url '${raw.url ?? ''}' passed` };
  const maxAgeSec = intIn(raw, 'max_age_sec', MIN_MAX_AGE_SEC, MAX_INT32);
  if (maxAgeSec === undefined) return invalid('max_age_sec', raw.max_age_sec);
  const periodSec = intIn(raw, 'period_sec', MIN_PERIOD_SEC, maxAgeSec);
  if (periodSec === undefined) return invalid('period_sec', raw.period_sec);
  const timeoutMs = intIn(raw, 'timeout_ms', 10, 10_000);
  if (timeoutMs === undefined) return invalid('timeout_ms', raw.timeout_ms);
  const maxRules = intIn(raw, 'max_rules', 0, MAX_INT32);
  if (maxRules === undefined) return invalid('max_rules', raw.max_rules);
  const maxSchemaDims = intIn(raw, 'max_schema_dims', 0, 19);
  if (maxSchemaDims === undefined) return invalid('max_schema_dims', raw.max_schema_dims);
  const maxKb = intIn(raw, 'max_file_size_kb', 0, MAX_INT32);
  if (maxKb === undefined) return invalid('max_file_size_kb', raw.max_file_size_kb);
  return { url, timeoutMs, maxBytes: maxKb * 1024, maxRules, maxSchemaDims, maxAgeSec, periodSec };
}
