// The account's `price_floors` block (G config.AccountPriceFloors, snake_case as upstream's account
// JSON) turned into typed settings over the host defaults. Bad types and out-of-range values are
// reported by field name; the caller turns any of them into the malformed-account error.
import type { PriceFloorsConfig } from './config-section.js';

export interface FloorsFetchSettings {
  enabled: boolean;
  url: string;
  timeoutMs: number;
  maxFileSizeKb: number;
  maxRules: number;
  maxAgeSec: number;
  periodSec: number;
  maxSchemaDims: number;
}

export interface AccountFloorsSettings {
  enabled: boolean;
  /** 0..100; 0 = no account-side limit (as upstream). */
  enforceFloorsRate: number;
  adjustForBidAdjustment: boolean;
  enforceDealFloors: boolean;
  useDynamicData: boolean;
  /** 0 = no limit. */
  maxRules: number;
  /** 0 = no limit. */
  maxSchemaDims: number;
  fetch: FloorsFetchSettings;
}

/** Host switch plus the account's resolved settings: what enrichment and enforcement read. */
export interface FloorsSettings {
  /** `price-floors.enabled` of the host. */
  hostEnabled: boolean;
  account: AccountFloorsSettings;
}

/** Upstream's defaults (G config.go SetDefault account_defaults.price_floors.*). */
export const DEFAULT_ACCOUNT_FLOORS: AccountFloorsSettings = {
  enabled: false,
  enforceFloorsRate: 100,
  adjustForBidAdjustment: true,
  enforceDealFloors: false,
  useDynamicData: false,
  maxRules: 100,
  maxSchemaDims: 3,
  fetch: {
    enabled: false,
    url: '',
    timeoutMs: 3000,
    maxFileSizeKb: 100,
    maxRules: 1000,
    maxAgeSec: 86400,
    periodSec: 3600,
    maxSchemaDims: 0,
  },
};

/** The host section's `default-account` as account settings. */
export function accountDefaultsFromConfig(cfg: PriceFloorsConfig): AccountFloorsSettings {
  const d = cfg['default-account'];
  const f = d.fetch;
  return {
    enabled: d.enabled,
    enforceFloorsRate: d['enforce-floors-rate'],
    adjustForBidAdjustment: d['adjust-for-bid-adjustment'],
    enforceDealFloors: d['enforce-deal-floors'],
    useDynamicData: d['use-dynamic-data'],
    maxRules: d['max-rules'],
    maxSchemaDims: d['max-schema-dims'],
    fetch: {
      enabled: f.enabled,
      url: f.url,
      timeoutMs: f['timeout-ms'],
      maxFileSizeKb: f['max-file-size-kb'],
      maxRules: f['max-rules'],
      maxAgeSec: f['max-age-sec'],
      periodSec: f['period-sec'],
      maxSchemaDims: f['max-schema-dims'],
    },
  };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const MAX_INT32 = 2147483647;

interface Reader {
  obj: Obj;
  path: string;
  errors: string[];
}

function readBool(r: Reader, key: string, def: boolean): boolean {
  const v = r.obj[key];
  if (v === undefined || v === null) return def;
  if (typeof v === 'boolean') return v;
  r.errors.push(`${r.path}.${key}: must be a boolean`);
  return def;
}

function readInt(r: Reader, key: string, def: number, range: { min: number; max: number }): number {
  const v = r.obj[key];
  if (v === undefined || v === null) return def;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    r.errors.push(`${r.path}.${key}: must be an integer`);
    return def;
  }
  if (v < range.min || v > range.max) {
    r.errors.push(`${r.path}.${key}: must be between ${range.min} and ${range.max}`);
    return def;
  }
  return v;
}

function readString(r: Reader, key: string, def: string): string {
  const v = r.obj[key];
  if (v === undefined || v === null) return def;
  if (typeof v === 'string') return v;
  r.errors.push(`${r.path}.${key}: must be a string`);
  return def;
}

// Fetch values are type-checked only: their ranges are the fetcher's (floors/fetch), which answers
// status `error` with the reason instead of failing the account.
const ANY_INT = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

function parseFetch(value: unknown, def: FloorsFetchSettings, errors: string[]): FloorsFetchSettings {
  const path = 'price_floors.fetch';
  if (value === undefined || value === null) return def;
  if (!isObj(value)) {
    errors.push(`${path}: must be an object`);
    return def;
  }
  const r: Reader = { obj: value, path, errors };
  return {
    enabled: readBool(r, 'enabled', def.enabled),
    url: readString(r, 'url', def.url),
    timeoutMs: readInt(r, 'timeout_ms', def.timeoutMs, ANY_INT),
    maxFileSizeKb: readInt(r, 'max_file_size_kb', def.maxFileSizeKb, ANY_INT),
    maxRules: readInt(r, 'max_rules', def.maxRules, ANY_INT),
    maxAgeSec: readInt(r, 'max_age_sec', def.maxAgeSec, ANY_INT),
    periodSec: readInt(r, 'period_sec', def.periodSec, ANY_INT),
    maxSchemaDims: readInt(r, 'max_schema_dims', def.maxSchemaDims, ANY_INT),
  };
}

/**
 * Parses the account document's `price_floors` block over `defaults` (keys not given keep the
 * default). Never throws: `errors` name each bad field (`price_floors.max_rules: must be …`).
 */
export function parseAccountFloors(
  block: unknown,
  defaults: AccountFloorsSettings = DEFAULT_ACCOUNT_FLOORS,
): { settings: AccountFloorsSettings; errors: string[] } {
  const errors: string[] = [];
  if (block === undefined || block === null) return { settings: defaults, errors };
  if (!isObj(block)) return { settings: defaults, errors: ['price_floors: must be an object'] };
  const r: Reader = { obj: block, path: 'price_floors', errors };
  const settings: AccountFloorsSettings = {
    enabled: readBool(r, 'enabled', defaults.enabled),
    enforceFloorsRate: readInt(r, 'enforce_floors_rate', defaults.enforceFloorsRate, { min: 0, max: 100 }),
    adjustForBidAdjustment: readBool(r, 'adjust_for_bid_adjustment', defaults.adjustForBidAdjustment),
    enforceDealFloors: readBool(r, 'enforce_deal_floors', defaults.enforceDealFloors),
    useDynamicData: readBool(r, 'use_dynamic_data', defaults.useDynamicData),
    maxRules: readInt(r, 'max_rules', defaults.maxRules, { min: 0, max: MAX_INT32 }),
    maxSchemaDims: readInt(r, 'max_schema_dims', defaults.maxSchemaDims, { min: 0, max: 20 }),
    fetch: parseFetch(block['fetch'], defaults.fetch, errors),
  };
  return { settings, errors };
}
