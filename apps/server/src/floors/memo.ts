// What depends only on a floors model's content, kept across auctions: a publisher sends the same
// model (tens to hundreds of rules) with every request, and each auction used to parse it, validate
// and lower-case its rule keys, and build up to 2^n candidate keys per imp to match them. Results
// are the same as computing them afresh: the parse is keyed by the model's JSON content, the
// rest by the identity of objects that only the parse (or the fetcher) makes and nothing changes
// (frozen: a write would throw instead of leaking into the next auction).
import { deepFreeze, isSharedJsonBlock, JsonMemo, KeptAnswers, setOwn, withProps } from '@gavel/common';
import { findRule } from './match.js';
import { isObj, parseFloorData, parseFloorRules, type Parsed } from './parse.js';
import type { PriceFloorData, PriceFloorModelGroup, PriceFloorRules } from './types.js';
import { lowerValidRuleKeys } from './validate.js';

/**
 * Parses by JSON content (JsonMemo: compared with kept copies, not stringified): at most 256 models
 * or ~8 M characters of their JSON, then it starts over. The path is part of the error messages.
 */
const parsedByContent = new JsonMemo<Parsed<PriceFloorRules>>({
  maxEntries: 256,
  maxChars: 8_000_000,
  keep: deepFreeze,
});

/** parseFloorRules(raw, path), the same result (frozen) for the same JSON content and path. */
export function parseFloorRulesKept(raw: unknown, path: string): Parsed<PriceFloorRules> {
  if (!isObj(raw)) return parseFloorRules(raw, path);
  // Parsed from a copy: what is kept (and frozen) shares nothing with this request's objects.
  return parsedByContent.kept(raw, path, (value) => parseFloorRules(value, path));
}

function withoutData(floors: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(floors)) if (k.toLowerCase() !== 'data') setOwn(out, k, floors[k]);
  return out;
}

/** Switches parsed per shared model (a model the body parser keeps: the same JSON while it lives). */
const switchesByShared = new WeakMap<object, Map<string, Parsed<PriceFloorRules>>>();

/**
 * parseFloorRules of `raw` without its model `data`: the switches and `enforcement`, as enforcement
 * reads them. By identity for a shared model, else by content (parseFloorRulesKept).
 */
export function parseFloorSwitchesKept(raw: unknown, path: string): Parsed<PriceFloorRules> {
  if (!isObj(raw)) return parseFloorRulesKept(raw, path);
  if (!isSharedJsonBlock(raw)) return parseFloorRulesKept(withoutData(raw), path);
  let byPath = switchesByShared.get(raw);
  let parsed = byPath?.get(path);
  if (parsed === undefined) {
    parsed = parseFloorRulesKept(withoutData(raw), path);
    if (byPath === undefined)
      switchesByShared.set(raw, (byPath = new Map<string, Parsed<PriceFloorRules>>()));
    byPath.set(path, parsed);
  }
  return parsed;
}

const dataByObject = new WeakMap<object, Parsed<PriceFloorData>>();

/**
 * parseFloorData(data, path) for fetched data, once per data object: the fetcher keeps the object it
 * fetched until the next fetch replaces it.
 */
export function parseFloorDataKept(data: unknown, path: string): Parsed<PriceFloorData> {
  if (!isObj(data)) return parseFloorData(data, path);
  let parsed = dataByObject.get(data);
  if (parsed === undefined) {
    // From a copy, as above: the fetcher's object itself is left as it is.
    parsed = deepFreeze(parseFloorData(structuredClone(data), path));
    dataByObject.set(data, parsed);
  }
  return parsed;
}

interface CleanGroup {
  /** The group with its valid rule keys lower-cased (the others dropped). */
  group: PriceFloorModelGroup;
  values: Readonly<Record<string, number>>;
  /** True when no rule key is valid (values has no key). */
  empty: boolean;
  errors: string[];
}

const cleanByGroup = new WeakMap<PriceFloorModelGroup, CleanGroup>();

/**
 * The group with lowerValidRuleKeys(group) applied, computed once per model group object: the same
 * (frozen) group object every time, so what is derived from it can be kept too (wire.ts). `errors`
 * is the caller's copy.
 */
export function cleanGroupKept(group: PriceFloorModelGroup): CleanGroup {
  let kept = cleanByGroup.get(group);
  if (kept === undefined) {
    const { values, errors } = lowerValidRuleKeys(group);
    const empty = Object.keys(values).length === 0;
    kept = deepFreeze({ group: withProps(group, { values }), values, empty, errors });
    cleanByGroup.set(group, kept);
  }
  return { group: kept.group, values: kept.values, empty: kept.empty, errors: kept.errors.slice() };
}

/** Matches per rule-values object: the imp's field values (joined) → the rule key found, or none. */
const matchesByValues = new KeptAnswers<string>(4096);

/**
 * findRule(values, delimiter, wanted), remembered per `values` object for the same delimiter and
 * wanted values (at most 4,096 different imps per model; then it starts over).
 */
export function findRuleKept(
  values: Readonly<Record<string, number>>,
  delimiter: string,
  wanted: readonly string[],
): string | undefined {
  // Each part prefixed with its length: unambiguous whatever the values hold (they come from the
  // request), and no JSON text built per imp.
  let key = `${delimiter.length}:${delimiter}`;
  for (const w of wanted) key += `${w.length}:${w}`;
  const known = matchesByValues.get(values, key);
  if (known !== undefined) return known ?? undefined;
  const found = findRule(values, delimiter, wanted);
  matchesByValues.set(values, key, found);
  return found;
}
