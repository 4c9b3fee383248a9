// Account settings: the stored account document merged over the host defaults (notes §16 "Account
// config"), then checked and turned into the Account the pipeline reads. Stored keys follow G's
// account JSON (snake_case); J-style `status: "inactive"` is accepted as disabled too.
import { GavelError } from '@gavel/common';
import { applyMergePatch } from '../openrtb/merge-patch.js';
import type { Account, AccountCacheTtl } from './types.js';
import { parseBidAdjustments } from '../bidadjustments/index.js';
import { parseDefaultBidLimit } from '../multibid/index.js';
import { parseAccountDsa, parseAccountValidations } from '../bidvalidation/index.js';
import { parseActivitySettings } from '../privacy/activities/index.js';
import { accountPrivacyErrors } from '../privacy/account-settings.js';
import { parseAccountHooks } from '../modules/hooks/index.js';
import { DEFAULT_ACCOUNT_FLOORS, parseAccountFloors, type AccountFloorsSettings } from '../floors/index.js';

/** Host defaults as configured (`settings.default-account`). */
export interface HostAccountDefaults {
  disabled: boolean;
  'debug-allow': boolean;
  'price-granularity'?: string;
  'cache-ttl': AccountCacheTtl;
  'events-enabled': boolean;
  'bid-adjustment-factors': Record<string, number>;
  'bid-adjustments'?: Record<string, unknown>;
  'default-bid-limit'?: number;
  'alternate-bidder-codes'?: Record<string, unknown>;
  'preferred-media-type'?: Record<string, string>;
}

/** The host's floors defaults as an account `price_floors` block (snake_case, as stored accounts write it). */
export function floorsDocument(f: AccountFloorsSettings): Record<string, unknown> {
  return {
    enabled: f.enabled,
    enforce_floors_rate: f.enforceFloorsRate,
    adjust_for_bid_adjustment: f.adjustForBidAdjustment,
    enforce_deal_floors: f.enforceDealFloors,
    use_dynamic_data: f.useDynamicData,
    max_rules: f.maxRules,
    max_schema_dims: f.maxSchemaDims,
    fetch: {
      enabled: f.fetch.enabled,
      url: f.fetch.url,
      timeout_ms: f.fetch.timeoutMs,
      max_file_size_kb: f.fetch.maxFileSizeKb,
      max_rules: f.fetch.maxRules,
      max_age_sec: f.fetch.maxAgeSec,
      period_sec: f.fetch.periodSec,
      max_schema_dims: f.fetch.maxSchemaDims,
    },
  };
}

/** The stored account document's shape, as far as Gavel reads it (other keys pass through). */
export function defaultsDocument(
  d: HostAccountDefaults,
  floors: AccountFloorsSettings = DEFAULT_ACCOUNT_FLOORS,
): Record<string, unknown> {
  return {
    price_floors: floorsDocument(floors),
    disabled: d.disabled,
    debug_allow: d['debug-allow'],
    ...(d['price-granularity'] !== undefined ? { price_granularity: d['price-granularity'] } : {}),
    cache_ttl: { ...d['cache-ttl'] },
    events: { enabled: d['events-enabled'] },
    bidadjustmentfactors: { ...d['bid-adjustment-factors'] },
    ...(d['bid-adjustments'] && Object.keys(d['bid-adjustments']).length
      ? { bidadjustments: d['bid-adjustments'] }
      : {}),
    ...(d['default-bid-limit'] ? { default_bid_limit: d['default-bid-limit'] } : {}),
    ...(d['alternate-bidder-codes'] ? { alternatebiddercodes: d['alternate-bidder-codes'] } : {}),
    ...(d['preferred-media-type'] ? { preferredmediatype: d['preferred-media-type'] } : {}),
  };
}

export function malformedAccountError(id: string): GavelError {
  return new GavelError(
    500,
    'INTERNAL',
    `The prebid-server account config for account id "${id}" is malformed. Please reach out to the prebid server host.`,
    { field: 'account' },
  );
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const MEDIA = ['banner', 'video', 'native', 'audio'] as const;

/** Checks one merged document; undefined when a field has the wrong type (→ malformed, 500). */
function toAccount(id: string, doc: Obj): Account | undefined {
  const { disabled, status, debug_allow: debugAllow, price_granularity: pg, cache_ttl: ttl, events } = doc;
  const factors = doc['bidadjustmentfactors'];
  if (typeof disabled !== 'boolean' || typeof debugAllow !== 'boolean') return undefined;
  if (status !== undefined && status !== 'active' && status !== 'inactive') return undefined;
  if (!isObj(ttl) || !isObj(events) || typeof events['enabled'] !== 'boolean' || !isObj(factors))
    return undefined;
  const cacheTtl: AccountCacheTtl = {};
  for (const m of MEDIA) {
    const v = ttl[m];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return undefined;
    cacheTtl[m] = v;
  }
  const bidAdjustmentFactors: Record<string, number> = {};
  for (const [bidder, f] of Object.entries(factors)) {
    if (typeof f !== 'number' || !(f > 0)) return undefined;
    bidAdjustmentFactors[bidder] = f;
  }
  if (pg !== undefined && typeof pg !== 'string' && !isObj(pg)) return undefined;
  const money = moneySettings(doc);
  if (!money) return undefined;
  const preferred = preferredMediaTypes(doc['preferredmediatype']);
  if (preferred === null) return undefined;
  const targeting = targetingSettings(doc);
  if (!targeting) return undefined;
  if (accountPrivacyErrors(doc).length > 0) return undefined;
  const hooks = parseAccountHooks(doc['hooks']);
  if (!hooks.ok) return undefined;
  const invalidBidders = invalidBiddersOf(doc['invalid_bidders']);
  if (invalidBidders === null) return undefined;
  const privacy: Obj = { ...(isObj(doc['privacy']) ? doc['privacy'] : {}) };
  for (const k of ['gdpr', 'ccpa'] as const) if (isObj(doc[k])) privacy[k] = doc[k];
  return {
    id,
    disabled: disabled || status === 'inactive',
    debugAllowed: debugAllow,
    ...(pg !== undefined ? { priceGranularity: pg } : {}),
    cacheTtl,
    eventsEnabled: events['enabled'],
    ...(Object.keys(bidAdjustmentFactors).length > 0 ? { bidAdjustmentFactors } : {}),
    ...(Object.keys(privacy).length > 0 ? { privacy } : {}),
    ...(preferred ? { preferredMediaType: preferred } : {}),
    ...targeting,
    ...(hooks.value ? { hooks: hooks.value } : {}),
    ...(invalidBidders ? { invalidBidders } : {}),
    ...money,
  };
}

/** `invalid_bidders` (drop/reject, issue 24); null when malformed, undefined when absent. */
function invalidBiddersOf(v: unknown): Account['invalidBidders'] | null {
  if (v === undefined || v === null) return undefined;
  return v === 'drop' || v === 'reject' ? v : null;
}

/** `preferredmediatype` (bidder → media type); null when malformed, undefined when absent or empty. */
function preferredMediaTypes(v: unknown): Record<string, string> | null | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObj(v)) return null;
  const out: Record<string, string> = {};
  for (const [bidder, type] of Object.entries(v)) {
    if (typeof type !== 'string') return null;
    out[bidder] = type;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

type TargetingKeys = Pick<Account, 'targetingPrefix' | 'truncateTargetAttr' | 'defaultIntegration'>;

/** `targeting_prefix`, `truncate_target_attr` and `default_integration`; undefined when one is mistyped. */
function targetingSettings(doc: Obj): TargetingKeys | undefined {
  const prefix = doc['targeting_prefix'];
  const truncate = doc['truncate_target_attr'];
  const integration = doc['default_integration'];
  if (integration !== undefined && integration !== null && typeof integration !== 'string') return undefined;
  if (prefix !== undefined && prefix !== null && typeof prefix !== 'string') return undefined;
  if (truncate !== undefined && truncate !== null && !Number.isInteger(truncate)) return undefined;
  const out: TargetingKeys = {};
  if (typeof integration === 'string' && integration !== '') out.defaultIntegration = integration;
  if (typeof prefix === 'string' && prefix !== '') out.targetingPrefix = prefix;
  if (typeof truncate === 'number') out.truncateTargetAttr = truncate;
  return out;
}

/** Bid adjustment rules, the multibid limit and alternate codes; undefined when one is malformed. */
function moneySettings(doc: Obj): Partial<Account> | undefined {
  const out: Partial<Account> = {};
  const adjustments = parseBidAdjustments(doc['bidadjustments']);
  if (!adjustments.ok) return undefined;
  if (adjustments.value) out.bidAdjustments = adjustments.value;
  const limit = parseDefaultBidLimit(doc['default_bid_limit']);
  if (!limit.ok) return undefined;
  if (limit.value > 0) out.defaultBidLimit = limit.value;
  const floors = parseAccountFloors(doc['price_floors']);
  if (floors.errors.length) return undefined;
  out.priceFloors = floors.settings;
  const fetch = isObj(doc['price_floors']) ? doc['price_floors']['fetch'] : undefined;
  if (isObj(fetch)) out.priceFloorsFetch = fetch;
  const validations = parseAccountValidations(doc['validations']);
  if (validations.errors.length) return undefined;
  if (Object.keys(validations.value).length) out.validations = validations.value;
  const privacyDoc = doc['privacy'];
  const dsa = parseAccountDsa(isObj(privacyDoc) ? privacyDoc['dsa'] : undefined);
  if (dsa.error) return undefined;
  if (dsa.value) out.dsa = dsa.value;
  const activities = parseActivitySettings(isObj(privacyDoc) ? privacyDoc : undefined);
  if (activities.errors.length) return undefined;
  if (activities.value.allowActivities || activities.value.modules) out.activities = activities.value;
  const codes = doc['alternatebiddercodes'];
  if (codes !== undefined && codes !== null && !isObj(codes)) return undefined;
  if (isObj(codes)) out.alternateBidderCodes = codes;
  return out;
}

/** Host defaults ← stored document (RFC 7386). Throws the malformed-account error (500). */
export function buildAccount(id: string, defaults: Obj, stored: unknown): Account {
  if (stored !== undefined && !isObj(stored)) throw malformedAccountError(id);
  const merged = stored === undefined ? defaults : applyMergePatch(defaults, stored);
  const account = isObj(merged) ? toAccount(id, merged) : undefined;
  if (!account) throw malformedAccountError(id);
  return account;
}
