// Reading and validating `ext.{ns}.adservertargeting` (G getAdServerTargeting +
// validateAdServerTargeting). Per rule, in this order, each failing check is a warning and the rule
// is dropped:
//   key empty                                  → "Key is empty for the ad server targeting object at index <i>"
//   value empty                                → "Value is empty for the ad server targeting object at index <i>"
//   source not static/bidrequest/bidresponse   → "Incorrect source for the ad server targeting object at index <i>"
// (source compared case-insensitively; a missing or null field is empty, as Go's zero string).
import {
  warning,
  type AdServerTargetingRule,
  type AdServerTargetingWarning,
  type RuleSource,
} from './types.js';

export interface RuleValidation {
  rules: AdServerTargetingRule[];
  warnings: AdServerTargetingWarning[];
}

/** G's text when `ext.prebid` cannot be read (there the request never gets this far). */
export const UNREADABLE_RULES = 'unable to extract adServerTargeting from request';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Draft {
  key: string;
  source: string;
  value: string;
}

const field = (v: unknown): string | undefined => (v == null ? '' : typeof v === 'string' ? v : undefined);

function readDraft(entry: unknown): Draft | undefined {
  if (entry === null) return { key: '', source: '', value: '' };
  if (!isObj(entry)) return undefined;
  const key = field(entry.key);
  const source = field(entry.source);
  const value = field(entry.value);
  if (key === undefined || source === undefined || value === undefined) return undefined;
  return { key, source, value };
}

const SOURCES: readonly string[] = ['static', 'bidrequest', 'bidresponse'];

/** The rules as written, or undefined when the block does not have the JSON shape G unmarshals. */
export function readRuleDrafts(raw: unknown): Draft[] | undefined {
  if (raw == null) return [];
  if (!Array.isArray(raw)) return undefined;
  const drafts: Draft[] = [];
  for (const entry of raw) {
    const draft = readDraft(entry);
    if (draft === undefined) return undefined;
    drafts.push(draft);
  }
  return drafts;
}

/** Validated rules and the warnings, in rule order. */
export function validateRules(raw: unknown): RuleValidation {
  const drafts = readRuleDrafts(raw);
  if (drafts === undefined) return { rules: [], warnings: [warning(UNREADABLE_RULES)] };
  const rules: AdServerTargetingRule[] = [];
  const warnings: AdServerTargetingWarning[] = [];
  drafts.forEach((d, i) => {
    const source = d.source.toLowerCase();
    let ok = true;
    if (d.key.length === 0) {
      ok = false;
      warnings.push(warning(`Key is empty for the ad server targeting object at index ${i}`));
    }
    if (d.value.length === 0) {
      ok = false;
      warnings.push(warning(`Value is empty for the ad server targeting object at index ${i}`));
    }
    if (!SOURCES.includes(source)) {
      ok = false;
      warnings.push(warning(`Incorrect source for the ad server targeting object at index ${i}`));
    }
    if (ok) rules.push({ key: d.key, source: source as RuleSource, value: d.value });
  });
  return { rules, warnings };
}
