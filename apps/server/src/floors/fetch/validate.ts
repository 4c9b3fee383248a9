// Default structural checks of fetched floors data (Go floors/fetcher.go validateRules, messages of
// Java PriceFloorRulesValidator.validateRulesData). The coordinator may replace it with the rules
// helper's validator through the `validate` option.
import { Decimal } from 'decimal.js';
import type { FloorsLimits } from './types.js';

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keys match case-insensitively, as Go's decoder does (Go writes `modelgroups`, Java `modelGroups`). */
function pick(obj: Obj, lower: string): unknown {
  if (lower in obj) return obj[lower];
  const key = Object.keys(obj).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : obj[key];
}

/** Absent is fine; present must be an integer in [min, max]. */
function outOfRange(v: unknown, min: number, max: number): boolean {
  return (
    v !== undefined && v !== null && !(Number.isInteger(v) && (v as number) >= min && (v as number) <= max)
  );
}

function isNegativePrice(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'number' || !Number.isFinite(v)) return true;
  return new Decimal(v).lt(0);
}

function fieldsOf(group: Obj): unknown[] | undefined {
  const schema = pick(group, 'schema');
  const fields = isObject(schema) ? pick(schema, 'fields') : undefined;
  return Array.isArray(fields) ? fields : undefined;
}

function checkValues(group: Obj, limits: FloorsLimits, errors: string[]): void {
  const values = pick(group, 'values');
  const count = isObject(values) ? Object.keys(values).length : 0;
  if (!isObject(values) || count === 0) {
    errors.push(
      `Price floor rules values can't be null or empty, but were ${JSON.stringify(values ?? null)}`,
    );
    return;
  }
  if (limits.maxRules > 0 && count > limits.maxRules) {
    errors.push(`Price floor rules number ${count} exceeded its maximum number ${limits.maxRules}`);
  }
  const bad = Object.keys(values).find((k) => typeof values[k] !== 'number' || !Number.isFinite(values[k]));
  if (bad !== undefined) errors.push(`Price floor rule '${bad}' value must be a number`);
}

function checkGroup(group: Obj, limits: FloorsLimits, errors: string[]): void {
  const weight = pick(group, 'modelweight');
  if (outOfRange(weight, 1, 100)) {
    errors.push(`Price floor modelGroup modelWeight must be in range(1-100), but was ${String(weight)}`);
  }
  const skip = pick(group, 'skiprate');
  if (outOfRange(skip, 0, 100)) {
    errors.push(`Price floor modelGroup skipRate must be in range(0-100), but was ${String(skip)}`);
  }
  const dflt = pick(group, 'default');
  if (isNegativePrice(dflt)) {
    errors.push(`Price floor modelGroup default must be positive float, but was ${String(dflt)}`);
  }
  checkValues(group, limits, errors);
  const fields = fieldsOf(group);
  if (!fields || fields.length === 0) {
    errors.push(`Price floor dimensions can't be null or empty, but were ${JSON.stringify(fields ?? null)}`);
  } else if (limits.maxSchemaDims > 0 && fields.length > limits.maxSchemaDims) {
    errors.push(
      `Price floor schema dimensions ${fields.length} exceeded its maximum number ${limits.maxSchemaDims}`,
    );
  }
}

/** The fetched document is upstream's `PriceFloorData` (what sits under `floors.data`). */
export function validateFloorsData(data: unknown, limits: FloorsLimits): string[] {
  if (!isObject(data)) return ['Price floor rules data must be present'];
  const errors: string[] = [];
  const skip = pick(data, 'skiprate');
  if (outOfRange(skip, 0, 100)) {
    errors.push(`Price floor data skipRate must be in range(0-100), but was ${String(skip)}`);
  }
  const rate = pick(data, 'usefetchdatarate');
  if (outOfRange(rate, 0, 100)) {
    errors.push(`Price floor data useFetchDataRate must be in range(0-100), but was ${String(rate)}`);
  }
  const groups = pick(data, 'modelgroups');
  if (!Array.isArray(groups) || groups.length === 0) {
    errors.push('Price floor rules should contain at least one model group');
    return errors;
  }
  for (const group of groups) {
    if (isObject(group)) checkGroup(group, limits, errors);
  }
  return errors;
}
