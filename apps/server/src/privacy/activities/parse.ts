// Reading `privacy.allowactivities` and `privacy.modules` from an account document or the host config
// (G config/activity.go + config/account.go; J settings/model/activity/). Keys match as G's JSON
// decoder does (case-insensitively) and as J's aliases do (snake_case, kebab-case): `transmitTid`,
// `transmittid`, `transmit_tid` and `transmit-tid` are one key. A value of the wrong type is reported
// and left out (the rest still applies); unknown keys are ignored (G) and listed as warnings.
import {
  ACTIVITIES,
  type ActivityConfig,
  type ActivityRule,
  type AllowActivities,
  type ConditionRule,
  type GeoCode,
  type PrivacyModuleConfig,
} from './types.js';

export interface ParseResult<T> {
  value: T;
  /** Values of the wrong type (left out). Upstream rejects the whole account for these. */
  errors: string[];
  /** Keys that were ignored. */
  warnings: string[];
}

/** The module codes J knows (PrivacyModuleQualifier). */
export const PRIVACY_MODULE_CODES = ['iab.usgeneral', 'iab.uscustomlogic'] as const;

type Obj = Record<string, unknown>;
interface Issues {
  errors: string[];
  warnings: string[];
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const keyOf = (k: string) => k.toLowerCase().replace(/[-_]/g, '');

/** Entries of `doc` under their normalised key (later duplicates win, as in G's decoder). */
function entries(doc: Obj): Map<string, [string, unknown]> {
  const out = new Map<string, [string, unknown]>();
  for (const [k, v] of Object.entries(doc)) out.set(keyOf(k), [k, v]);
  return out;
}

function pick(doc: Obj, name: string): unknown {
  return entries(doc).get(keyOf(name))?.[1];
}

function warnUnknown(doc: Obj, known: readonly string[], path: string, issues: Issues): void {
  const wanted = new Set(known.map(keyOf));
  for (const k of Object.keys(doc)) {
    if (!wanted.has(keyOf(k))) issues.warnings.push(`${path}.${k}: unknown key, ignored`);
  }
}

function stringList(v: unknown, path: string, issues: Issues): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v;
  issues.errors.push(`${path}: expected an array of strings`);
  return undefined;
}

function intList(v: unknown, path: string, issues: Issues): number[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v) && v.every((n) => Number.isInteger(n))) return v as number[];
  issues.errors.push(`${path}: expected an array of integers`);
  return undefined;
}

function bool(v: unknown, path: string, issues: Issues): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  issues.errors.push(`${path}: expected a boolean`);
  return undefined;
}

/** `USA`, `USA.` → any region of USA; `USA.CA` → region CA; blank entries are dropped (J). */
export function parseGeoCode(code: string): GeoCode | undefined {
  if (code.trim() === '') return undefined;
  const dot = code.indexOf('.');
  if (dot === -1) return { country: code };
  const region = code.slice(dot + 1);
  return region === '' ? { country: code.slice(0, dot) } : { country: code.slice(0, dot), region };
}

const CONDITION_KEYS = ['componentName', 'componentType', 'gppSid', 'geo', 'gpc'];

function parseCondition(doc: unknown, path: string, issues: Issues): Omit<ConditionRule, 'kind' | 'allow'> {
  if (doc === undefined || doc === null) return {};
  if (!isObj(doc)) {
    issues.errors.push(`${path}: expected an object`);
    return {};
  }
  warnUnknown(doc, CONDITION_KEYS, path, issues);
  const out: { -readonly [K in keyof ConditionRule]?: ConditionRule[K] } = {};
  const names = stringList(pick(doc, 'componentName'), `${path}.componentName`, issues);
  if (names) out.componentName = names;
  const types = stringList(pick(doc, 'componentType'), `${path}.componentType`, issues);
  if (types) out.componentType = types;
  const sids = intList(pick(doc, 'gppSid'), `${path}.gppSid`, issues);
  if (sids) out.gppSid = sids;
  const geo = stringList(pick(doc, 'geo'), `${path}.geo`, issues);
  if (geo) out.geo = geo.map(parseGeoCode).filter((g): g is GeoCode => g !== undefined);
  const gpc = pick(doc, 'gpc');
  // J reads gpc as a string; a JSON number is taken as its text.
  if (typeof gpc === 'string' || typeof gpc === 'number') out.gpc = String(gpc);
  else if (gpc !== undefined && gpc !== null) issues.errors.push(`${path}.gpc: expected a string`);
  return out;
}

function parseRule(doc: unknown, path: string, issues: Issues): ActivityRule | undefined {
  if (!isObj(doc)) {
    issues.errors.push(`${path}: expected an object`);
    return undefined;
  }
  // J: a rule object with a `privacyreg` key delegates to privacy modules; any other is a condition rule.
  if (Object.hasOwn(doc, 'privacyreg')) {
    const names = stringList(doc['privacyreg'], `${path}.privacyreg`, issues);
    return names ? { kind: 'privacyreg', privacyreg: names } : undefined;
  }
  warnUnknown(doc, ['condition', 'allow'], path, issues);
  const condition = parseCondition(pick(doc, 'condition'), `${path}.condition`, issues);
  // An absent `allow` allows (J, like an absent activity default; G's zero value would deny).
  const allow = bool(pick(doc, 'allow'), `${path}.allow`, issues) ?? true;
  return Object.assign({ kind: 'condition' as const, allow }, condition);
}

function parseActivity(doc: unknown, path: string, issues: Issues): ActivityConfig | undefined {
  if (doc === undefined || doc === null) return undefined;
  if (!isObj(doc)) {
    issues.errors.push(`${path}: expected an object`);
    return undefined;
  }
  warnUnknown(doc, ['default', 'rules'], path, issues);
  const out: { default?: boolean; rules?: ActivityRule[] } = {};
  const allowByDefault = bool(pick(doc, 'default'), `${path}.default`, issues);
  if (allowByDefault !== undefined) out.default = allowByDefault;
  const rules = pick(doc, 'rules');
  if (Array.isArray(rules)) {
    out.rules = rules
      .map((r, i) => (r === null ? undefined : parseRule(r, `${path}.rules[${i}]`, issues)))
      .filter((r): r is ActivityRule => r !== undefined);
  } else if (rules !== undefined && rules !== null) issues.errors.push(`${path}.rules: expected an array`);
  return out;
}

/**
 * `privacy.allowactivities` of an account (or the host default): the eight activities, each
 * `{default, rules: [{condition: {componentName, componentType, gppSid, geo, gpc}, allow} | {privacyreg}]}`.
 */
export function parseAllowActivities(doc: unknown, path = 'allowactivities'): ParseResult<AllowActivities> {
  const issues: Issues = { errors: [], warnings: [] };
  const value: AllowActivities = {};
  if (doc === undefined || doc === null) return { value, ...issues };
  if (!isObj(doc)) {
    issues.errors.push(`${path}: expected an object`);
    return { value, ...issues };
  }
  warnUnknown(doc, ACTIVITIES, path, issues);
  const byKey = entries(doc);
  for (const activity of ACTIVITIES) {
    const found = byKey.get(keyOf(activity));
    if (!found) continue;
    const parsed = parseActivity(found[1], `${path}.${found[0]}`, issues);
    if (parsed) value[activity] = parsed;
  }
  return { value, ...issues };
}

function parseModule(doc: unknown, path: string, issues: Issues): PrivacyModuleConfig | undefined {
  if (!isObj(doc)) {
    issues.errors.push(`${path}: expected an object`);
    return undefined;
  }
  const code = pick(doc, 'code');
  if (typeof code !== 'string' || !(PRIVACY_MODULE_CODES as readonly string[]).includes(code)) {
    issues.errors.push(`${path}.code: expected one of ${PRIVACY_MODULE_CODES.join(', ')}`);
    return undefined;
  }
  const out: PrivacyModuleConfig = { code, skipRate: 0 };
  const enabled = bool(pick(doc, 'enabled'), `${path}.enabled`, issues);
  if (enabled !== undefined) out.enabled = enabled;
  const skipRate = pick(doc, 'skipRate');
  if (Number.isInteger(skipRate)) out.skipRate = skipRate as number;
  else if (skipRate !== undefined && skipRate !== null)
    issues.errors.push(`${path}.skipRate: expected an integer`);
  const config = pick(doc, 'config');
  if (isObj(config)) out.config = config;
  else if (config !== undefined && config !== null) issues.errors.push(`${path}.config: expected an object`);
  return out;
}

/** `privacy.modules`: a module listed twice keeps its first entry (J, with a warning). */
export function parsePrivacyModules(doc: unknown, path = 'modules'): ParseResult<PrivacyModuleConfig[]> {
  const issues: Issues = { errors: [], warnings: [] };
  const value: PrivacyModuleConfig[] = [];
  if (doc === undefined || doc === null) return { value, ...issues };
  if (!Array.isArray(doc)) {
    issues.errors.push(`${path}: expected an array`);
    return { value, ...issues };
  }
  doc.forEach((entry, i) => {
    if (entry === null) return;
    const module = parseModule(entry, `${path}[${i}]`, issues);
    if (!module) return;
    if (value.some((m) => m.code === module.code)) {
      issues.warnings.push(`Duplicate configuration found for privacy module ${module.code}`);
    } else value.push(module);
  });
  return { value, ...issues };
}

export interface ActivitySettings {
  allowActivities?: AllowActivities;
  modules?: PrivacyModuleConfig[];
}

/** Both keys of an account's (or the host default's) `privacy` object. */
export function parseActivitySettings(privacy: unknown, path = 'privacy'): ParseResult<ActivitySettings> {
  if (privacy === undefined || privacy === null) return { value: {}, errors: [], warnings: [] };
  if (!isObj(privacy)) return { value: {}, errors: [`${path}: expected an object`], warnings: [] };
  const value: ActivitySettings = {};
  const rawActivities = entries(privacy).get('allowactivities');
  const activities = parseAllowActivities(
    rawActivities?.[1],
    `${path}.${rawActivities?.[0] ?? 'allowactivities'}`,
  );
  if (rawActivities && rawActivities[1] !== null) value.allowActivities = activities.value;
  const rawModules = entries(privacy).get('modules');
  const modules = parsePrivacyModules(rawModules?.[1], `${path}.${rawModules?.[0] ?? 'modules'}`);
  if (rawModules && rawModules[1] !== null) value.modules = modules.value;
  return {
    value,
    errors: [...activities.errors, ...modules.errors],
    warnings: [...activities.warnings, ...modules.warnings],
  };
}

/**
 * The account's settings over the host default's, as G merges the account JSON onto
 * `account_defaults` (JSON merge patch): per activity, the account's `default` and `rules` each
 * replace the host's when given; `modules` (an array) is replaced as a whole.
 */
export function mergeActivitySettings(host: ActivitySettings, account: ActivitySettings): ActivitySettings {
  const out: ActivitySettings = {};
  if (host.allowActivities || account.allowActivities) {
    const merged: AllowActivities = {};
    for (const name of ACTIVITIES) {
      const a = account.allowActivities?.[name];
      const h = host.allowActivities?.[name];
      const one = mergeActivity(h, a);
      if (one) merged[name] = one;
    }
    out.allowActivities = merged;
  }
  const modules = account.modules ?? host.modules;
  if (modules) out.modules = modules;
  return out;
}

function mergeActivity(host?: ActivityConfig, account?: ActivityConfig): ActivityConfig | undefined {
  if (!host || !account) return account ?? host;
  const out: { default?: boolean; rules?: readonly ActivityRule[] } = {};
  const allowByDefault = account.default ?? host.default;
  if (allowByDefault !== undefined) out.default = allowByDefault;
  const rules = account.rules ?? host.rules;
  if (rules) out.rules = rules;
  return out;
}
