// Validation of floors data with upstream's messages (G floors/validate.go): request-level
// parameters, each model group against the account limits (invalid groups are dropped), and each
// rule key against the schema (bad keys dropped, the rest lower-cased).
import { goFloat, goStrings } from './format.js';
import type { PriceFloorModelGroup, PriceFloorRules } from './types.js';

/** Every schema field upstream supports (G validSchemaDimensions); names are case-sensitive. */
export const SCHEMA_FIELDS = [
  'siteDomain',
  'pubDomain',
  'domain',
  'bundle',
  'channel',
  'mediaType',
  'size',
  'gptSlot',
  'adUnitCode',
  'country',
  'deviceType',
] as const;
export type SchemaField = (typeof SCHEMA_FIELDS)[number];

const KNOWN: ReadonlySet<string> = new Set(SCHEMA_FIELDS);

export interface FloorLimits {
  /** 0 = no limit. */
  maxRules: number;
  /** 0 = no limit. */
  maxSchemaDims: number;
}

export const DEFAULT_DELIMITER = '|';

export function validateSchemaDimensions(fields: readonly string[]): string | undefined {
  const bad = fields.find((f) => !KNOWN.has(f));
  return bad === undefined
    ? undefined
    : `Invalid schema dimension provided = '${bad}' in Schema Fields = '${goStrings(fields)}'`;
}

/** Schema version, skip rates and floor minimum; the first problem only, as upstream. */
export function validateFloorParams(rules: PriceFloorRules, ns: string): string | undefined {
  const data = rules.data;
  const version = data?.floorsschemaversion ?? 0;
  if (version !== 0 && version !== 2)
    return `Invalid FloorsSchemaVersion = '${version}', supported version 2`;
  const dataSkip = data?.skiprate ?? 0;
  if (data && (dataSkip < 0 || dataSkip > 100))
    return `Invalid SkipRate = '${dataSkip}' at ext.${ns}.floors.data.skiprate`;
  const skip = rules.skiprate ?? 0;
  if (skip < 0 || skip > 100) return `Invalid SkipRate = '${skip}' at ext.${ns}.floors.skiprate`;
  const min = rules.floormin ?? 0;
  if (min < 0) return `Invalid FloorMin = '${goFloat(min)}', value should be >= 0`;
  return undefined;
}

function modelGroupProblem(group: PriceFloorModelGroup, limits: FloorLimits): string | undefined {
  const fields = group.schema.fields ?? [];
  const dimension = validateSchemaDimensions(fields);
  if (dimension) return dimension;
  const model = () => `Invalid Floor Model = '${group.modelversion ?? ''}' due to`;
  if (limits.maxSchemaDims > 0 && fields.length > limits.maxSchemaDims)
    return `${model()} number of schema fields = '${fields.length}' are greater than limit ${limits.maxSchemaDims}`;
  const rules = Object.keys(group.values ?? {}).length;
  if (limits.maxRules > 0 && rules > limits.maxRules)
    return `${model()} number of rules = '${rules}' are greater than limit ${limits.maxRules}`;
  const skip = group.skiprate ?? 0;
  if (skip < 0 || skip > 100) return `${model()} SkipRate = '${skip}' is out of range (1-100)`;
  const weight = group.modelweight;
  if (weight !== undefined && (weight < 1 || weight > 100))
    return `${model()} ModelWeight = '${weight}' is out of range (1-100)`;
  const def = group.default ?? 0;
  if (def < 0) return `${model()} Default = '${goFloat(def)}' is less than 0`;
  return undefined;
}

/**
 * modelGroupProblem of frozen groups (the parsed models memo.ts keeps), per group and limits: a
 * publisher's model is checked once, not per auction.
 */
const problems = new WeakMap<PriceFloorModelGroup, Map<string, string | null>>();

function modelGroupProblemKept(group: PriceFloorModelGroup, limits: FloorLimits): string | undefined {
  if (!Object.isFrozen(group)) return modelGroupProblem(group, limits);
  let byLimits = problems.get(group);
  if (byLimits === undefined) problems.set(group, (byLimits = new Map<string, string | null>()));
  const key = `${limits.maxRules}/${limits.maxSchemaDims}`;
  let problem = byLimits.get(key);
  if (problem === undefined) byLimits.set(key, (problem = modelGroupProblem(group, limits) ?? null));
  return problem ?? undefined;
}

/** Keeps the model groups that pass; one error per dropped group. */
export function selectValidModelGroups(
  groups: readonly PriceFloorModelGroup[] | undefined,
  limits: FloorLimits,
): { valid: PriceFloorModelGroup[]; errors: string[] } {
  if (!groups || groups.length === 0) return { valid: [], errors: ['No model group present in floors.data'] };
  const valid: PriceFloorModelGroup[] = [];
  const errors: string[] = [];
  for (const group of groups) {
    const problem = modelGroupProblemKept(group, limits);
    if (problem) errors.push(problem);
    else valid.push(group);
  }
  return { valid, errors };
}

/**
 * Drops rule keys whose part count differs from the schema's field count and lower-cases the rest
 * (G validateFloorRulesAndLowerValidRuleKey); keys keep their order.
 */
/** `key.split(delimiter).length` without building the parts. */
function countParts(key: string, delimiter: string): number {
  let n = 1;
  for (let at = key.indexOf(delimiter); at !== -1; at = key.indexOf(delimiter, at + delimiter.length)) n++;
  return n;
}

export function lowerValidRuleKeys(group: PriceFloorModelGroup): {
  values: Record<string, number>;
  errors: string[];
} {
  const fields = group.schema.fields ?? [];
  const delimiter = group.schema.delimiter || DEFAULT_DELIMITER;
  const values: Record<string, number> = {};
  const errors: string[] = [];
  for (const [key, value] of Object.entries(group.values ?? {})) {
    if (countParts(key, delimiter) !== fields.length) {
      errors.push(`Invalid Floor Rule = '${key}' for Schema Fields = '${goStrings(fields)}'`);
      continue;
    }
    values[key.toLowerCase()] = value;
  }
  return { values, errors };
}
