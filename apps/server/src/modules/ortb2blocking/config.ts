// Account config of prebid.ortb2blocking (upstream G modules/prebid/ortb2blocking/config.go): one block per
// OpenRTB attribute, each with default settings and `action_overrides` that replace a setting when their
// conditions match. Parsed strictly by type (G UnmarshalValid): a wrong type is an error naming its path;
// unknown keys are ignored.

export const ATTRIBUTES = ['badv', 'bcat', 'bapp', 'btype', 'battr'] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

/** The keys each attribute block accepts, by kind; `action_overrides` accepts all of them. */
const SCHEMA: Record<
  Attribute,
  { flags: readonly string[]; names: readonly string[]; ids: readonly string[] }
> = {
  badv: {
    flags: ['enforce_blocks', 'block_unknown_adomain'],
    names: ['blocked_adomain', 'allowed_adomain_for_deals'],
    ids: [],
  },
  bcat: {
    flags: ['enforce_blocks', 'block_unknown_adv_cat'],
    names: ['blocked_adv_cat', 'allowed_adv_cat_for_deals'],
    ids: [],
  },
  bapp: { flags: ['enforce_blocks'], names: ['blocked_app', 'allowed_app_for_deals'], ids: [] },
  btype: { flags: [], names: [], ids: ['blocked_banner_type'] },
  battr: {
    flags: ['enforce_blocks'],
    names: [],
    ids: [
      'blocked_banner_attr',
      'blocked_video_attr',
      'blocked_audio_attr',
      'allowed_banner_attr_for_deals',
      'allowed_video_attr_for_deals',
      'allowed_audio_attr_for_deals',
    ],
  },
};

export interface Conditions {
  /** Absent: any bidder. Compared without case. */
  bidders?: readonly string[];
  /** Absent: any media type. Compared without case. */
  mediaTypes?: readonly string[];
  /** Only for the `allowed_*_for_deals` overrides, where it is required. */
  dealIds?: readonly string[];
}

/** An override value: a boolean (`isActive`) or a list of strings (`names`) and integers (`ids`). */
export interface Override {
  isActive: boolean;
  names: readonly string[];
  ids: readonly number[];
}

export interface ActionOverride {
  conditions: Conditions;
  override: Override;
}

export interface AttributeConfig {
  flags: Readonly<Record<string, boolean>>;
  names: Readonly<Record<string, readonly string[]>>;
  ids: Readonly<Record<string, readonly number[]>>;
  overrides: Readonly<Record<string, readonly ActionOverride[]>>;
  /** Every key's default and overrides, built at parse time (hooks ask for a dozen per bidder and bid). */
  settings: ReadonlyMap<string, Setting<unknown>>;
}

export interface Ortb2BlockingConfig {
  attributes: Readonly<Record<Attribute, AttributeConfig>>;
  /** `bcat.category_taxonomy`: the taxonomy sent as `cattax` and the only one bids may use (0 = not set). */
  categoryTaxonomy: number;
}

/** A config or override problem; its message is the hook's error text. */
export class BlockingConfigError extends Error {}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function objectAt(v: unknown, path: string): Json | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new BlockingConfigError(`${path}: expected an object`);
  return v;
}

function flagAt(v: unknown, path: string): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new BlockingConfigError(`${path}: expected a boolean`);
  return v;
}

function integerAt(v: unknown, path: string): number {
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    throw new BlockingConfigError(`${path}: expected an integer`);
  }
  return v;
}

function listAt<T>(v: unknown, path: string, item: (e: unknown, p: string) => T): T[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new BlockingConfigError(`${path}: expected an array`);
  return v.map((e, i) => item(e, `${path}[${i}]`));
}

function stringItem(e: unknown, path: string): string {
  if (typeof e !== 'string') throw new BlockingConfigError(`${path}: expected a string`);
  return e;
}

function integerItem(e: unknown, path: string): number {
  if (e === null || e === undefined) throw new BlockingConfigError(`${path}: expected an integer`);
  return integerAt(e, path);
}

/** G Override.UnmarshalJSON: a boolean, or an array of strings and numbers; anything else is empty. */
function parseOverride(v: unknown, path: string): Override {
  if (typeof v === 'boolean') return { isActive: v, names: [], ids: [] };
  if (!Array.isArray(v)) return { isActive: false, names: [], ids: [] };
  const names: string[] = [];
  const ids: number[] = [];
  v.forEach((e, i) => {
    if (typeof e === 'string') names.push(e);
    else if (typeof e === 'number' && Number.isSafeInteger(e)) ids.push(e);
    else throw new BlockingConfigError(`${path}[${i}]: expected a string or an integer`);
  });
  return { isActive: false, names, ids };
}

function parseConditions(v: unknown, path: string): Conditions {
  const o = objectAt(v, path) ?? {};
  const conditions: { bidders?: string[]; mediaTypes?: string[]; dealIds?: string[] } = {};
  const bidders = listAt(o['bidders'], `${path}.bidders`, stringItem);
  const mediaTypes = listAt(o['media_types'], `${path}.media_types`, stringItem);
  const dealIds = listAt(o['deal_ids'], `${path}.deal_ids`, stringItem);
  if (bidders) conditions.bidders = bidders;
  if (mediaTypes) conditions.mediaTypes = mediaTypes;
  if (dealIds) conditions.dealIds = dealIds;
  return conditions;
}

function parseActionOverrides(v: unknown, path: string): ActionOverride[] {
  return (
    listAt(v, path, (e, p) => {
      const o = objectAt(e, p) ?? {};
      return {
        conditions: parseConditions(o['conditions'], `${p}.conditions`),
        override: parseOverride(o['override'], `${p}.override`),
      };
    }) ?? []
  );
}

function parseAttribute(attribute: Attribute, v: unknown): AttributeConfig {
  const path = `attributes.${attribute}`;
  const o = objectAt(v, path) ?? {};
  const schema = SCHEMA[attribute];
  const flags: Record<string, boolean> = {};
  const names: Record<string, readonly string[]> = {};
  const ids: Record<string, readonly number[]> = {};
  const overrides: Record<string, readonly ActionOverride[]> = {};
  for (const key of schema.flags) flags[key] = flagAt(o[key], `${path}.${key}`);
  for (const key of schema.names) names[key] = listAt(o[key], `${path}.${key}`, stringItem) ?? [];
  for (const key of schema.ids) ids[key] = listAt(o[key], `${path}.${key}`, integerItem) ?? [];
  const actions = objectAt(o['action_overrides'], `${path}.action_overrides`) ?? {};
  for (const key of [...schema.flags, ...schema.names, ...schema.ids]) {
    overrides[key] = parseActionOverrides(actions[key], `${path}.action_overrides.${key}`);
  }
  // A key names one kind only (SCHEMA), so the key alone identifies the setting.
  const settings = new Map<string, Setting<unknown>>();
  for (const [kind, values] of [
    ['flags', flags],
    ['names', names],
    ['ids', ids],
  ] as const) {
    for (const key of schema[kind])
      settings.set(key, { value: values[key], overrides: overrides[key] ?? [] });
  }
  return { flags, names, ids, overrides, settings };
}

/** Parses the module's account config; throws BlockingConfigError(`failed to parse config: <path>: …`). */
export function parseOrtb2BlockingConfig(raw: unknown): Ortb2BlockingConfig {
  try {
    const root = objectAt(raw, 'config') ?? {};
    const attrs = objectAt(root['attributes'], 'attributes') ?? {};
    const parsed = {} as Record<Attribute, AttributeConfig>;
    for (const attribute of ATTRIBUTES) parsed[attribute] = parseAttribute(attribute, attrs[attribute]);
    const bcat = objectAt(attrs['bcat'], 'attributes.bcat') ?? {};
    const categoryTaxonomy = integerAt(bcat['category_taxonomy'], 'attributes.bcat.category_taxonomy');
    return { attributes: parsed, categoryTaxonomy };
  } catch (err) {
    if (err instanceof BlockingConfigError)
      throw new BlockingConfigError(`failed to parse config: ${err.message}`);
    throw err;
  }
}

/** The default value of a setting and the overrides that may replace it. */
export interface Setting<T> {
  value: T;
  overrides: readonly ActionOverride[];
}

const NO_FLAG: Setting<boolean> = { value: false, overrides: [] };
const NO_LIST: Setting<readonly never[]> = { value: [], overrides: [] };

function settingOf(a: AttributeConfig, key: string, fallback: Setting<unknown>): Setting<unknown> {
  return a.settings.get(key) ?? fallback;
}

export function flagSetting(cfg: Ortb2BlockingConfig, attribute: Attribute, key: string): Setting<boolean> {
  return settingOf(cfg.attributes[attribute], key, NO_FLAG) as Setting<boolean>;
}

export function namesSetting(
  cfg: Ortb2BlockingConfig,
  attribute: Attribute,
  key: string,
): Setting<readonly string[]> {
  return settingOf(cfg.attributes[attribute], key, NO_LIST) as Setting<readonly string[]>;
}

export function idsSetting(
  cfg: Ortb2BlockingConfig,
  attribute: Attribute,
  key: string,
): Setting<readonly number[]> {
  return settingOf(cfg.attributes[attribute], key, NO_LIST) as Setting<readonly number[]>;
}

/** An empty config (G zero value): nothing set, nothing enforced. */
export const EMPTY_CONFIG: Ortb2BlockingConfig = parseOrtb2BlockingConfig({});
