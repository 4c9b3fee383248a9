// Which value of a setting applies (upstream G modules/prebid/ortb2blocking hook_bidderrequest.go
// firstOrDefaultOverride / findImpressionOverrides, hook_raw_bidder_response.go
// findDealExceptionsOverridesOrDefault): the first override whose conditions name this bidder beats the
// first one for all bidders, which beats the default; deal exceptions add up over every matching deal.
import type { Imp, BidRequest } from '../../openrtb/types.js';
import { BlockingConfigError, type Conditions, type Override, type Setting } from './config.js';

/** The media types of a request or bid, lower case. */
export type MediaTypes = ReadonlySet<string>;

const MEDIA_ORDER = ['audio', 'banner', 'native', 'video'] as const;

/** Every combination of MEDIA_ORDER as one shared set, by bit mask (hooks ask per bidder, imp and bid). */
const SETS_BY_MASK: readonly ReadonlySet<string>[] = Array.from(
  { length: 1 << MEDIA_ORDER.length },
  (_, mask) => new Set(MEDIA_ORDER.filter((_, i) => (mask & (1 << i)) !== 0)),
);
const ALL_MEDIA = (1 << MEDIA_ORDER.length) - 1;

function maskOfImp(imp: Imp): number {
  let mask = 0;
  for (let i = 0; i < MEDIA_ORDER.length; i++) {
    const object = imp[MEDIA_ORDER[i] as (typeof MEDIA_ORDER)[number]];
    if (object !== undefined && object !== null) mask |= 1 << i;
  }
  return mask;
}

export function mediaTypesOfImp(imp: Imp): MediaTypes {
  return SETS_BY_MASK[maskOfImp(imp)] as MediaTypes;
}

export function mediaTypesOfRequest(request: BidRequest): MediaTypes {
  let mask = 0;
  for (const imp of request.imp ?? []) {
    mask |= maskOfImp(imp);
    if (mask === ALL_MEDIA) break;
  }
  return SETS_BY_MASK[mask] as MediaTypes;
}

const singleTypes = new Map<string, MediaTypes>();

/** `{type}` (a bid's own media type), shared. */
export function mediaTypeSet(type: string): MediaTypes {
  let set = singleTypes.get(type);
  if (!set) singleTypes.set(type, (set = new Set([type])));
  return set;
}

/** `audio, banner, video`: the fixed order of the warning text. */
export function mediaTypesText(types: MediaTypes): string {
  return MEDIA_ORDER.filter((t) => types.has(t)).join(', ');
}

export type OverrideGetter<T> = (override: Override) => T;

export const getNames: OverrideGetter<readonly string[]> = (o) => {
  if (o.names.length === 0) throw new BlockingConfigError('empty override field');
  return o.names;
};

export const getIds: OverrideGetter<readonly number[]> = (o) => {
  if (o.ids.length === 0) throw new BlockingConfigError('empty override field');
  return o.ids;
};

export const getIsActive: OverrideGetter<boolean> = (o) => o.isActive;

function validateConditions(conditions: Conditions): void {
  if (conditions.bidders === undefined && conditions.mediaTypes === undefined) {
    throw new BlockingConfigError(
      'bidders and media_types absent from conditions, at least one of the fields must be present',
    );
  }
}

const sameText = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function matchesMedia(conditions: Conditions, types: MediaTypes): boolean {
  return conditions.mediaTypes === undefined || conditions.mediaTypes.some((t) => types.has(t.toLowerCase()));
}

export interface Resolved<T> {
  value: T;
  /** The "more than one condition matches" warning, or ''. */
  warning: string;
}

/** A setting without overrides resolves to its default, always: one shared answer per setting. */
const defaults = new WeakMap<Setting<unknown>, Resolved<unknown>>();

function defaultOf<T>(setting: Setting<T>): Resolved<T> {
  let resolved = defaults.get(setting) as Resolved<T> | undefined;
  if (!resolved) defaults.set(setting, (resolved = { value: setting.value, warning: '' }));
  return resolved;
}

/** The value for this bidder and these media types; throws BlockingConfigError on a bad override. */
export function firstOrDefault<T>(
  opts: { bidder: string; mediaTypes: MediaTypes; get: OverrideGetter<T> },
  setting: Setting<T>,
): Resolved<T> {
  if (setting.overrides.length === 0) return defaultOf(setting);
  const specific: T[] = [];
  const general: T[] = [];
  for (const action of setting.overrides) {
    validateConditions(action.conditions);
    const { bidders } = action.conditions;
    const forAll = bidders === undefined;
    if (!forAll && !bidders.some((b) => sameText(b, opts.bidder))) continue;
    if (!matchesMedia(action.conditions, opts.mediaTypes)) continue;
    (forAll ? general : specific).push(opts.get(action.override));
  }
  const warning =
    specific.length + general.length > 1
      ? `More than one condition matches request. Bidder: ${opts.bidder}, request media types: ${mediaTypesText(opts.mediaTypes)}`
      : '';
  const value = specific.length > 0 ? specific[0]! : general.length > 0 ? general[0]! : setting.value;
  return { value, warning };
}

/**
 * Per imp id, the non-empty value for each imp that does not carry the field yet (`hasField`), resolved
 * with the imp's own media types. Warnings are appended to `warnings`.
 */
export function perImpOverrides(
  opts: { bidder: string; imps: readonly Imp[]; hasField: (imp: Imp) => boolean; warnings: string[] },
  setting: Setting<readonly number[]>,
): Map<string, readonly number[]> {
  const byImp = new Map<string, readonly number[]>();
  for (const imp of opts.imps) {
    if (opts.hasField(imp)) continue;
    const resolved = firstOrDefault(
      { bidder: opts.bidder, mediaTypes: mediaTypesOfImp(imp), get: getIds },
      setting,
    );
    if (resolved.warning !== '') opts.warnings.push(resolved.warning);
    if (resolved.value.length > 0) byImp.set(imp.id, resolved.value);
  }
  return byImp;
}

/** The deal's allowed values: every override naming the deal, then the default; the default alone if none. */
export function dealExceptions<T>(
  dealId: string,
  get: OverrideGetter<readonly T[]>,
  setting: Setting<readonly T[]>,
): readonly T[] {
  const found: T[] = [];
  for (const action of setting.overrides) {
    const ids = action.conditions.dealIds;
    if (ids === undefined) {
      throw new BlockingConfigError('conditions field in account configuration must contain deal_ids');
    }
    for (const id of ids) if (id === dealId) found.push(...get(action.override));
  }
  return found.length === 0 ? setting.value : [...found, ...setting.value];
}
