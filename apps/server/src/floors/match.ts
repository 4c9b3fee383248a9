// Rule selection (G floors/rule.go findRule / prepareRuleCombinations): the imp's values are tried
// first exactly, then with one `*`, two, … ; among keys with as many wildcards the one whose
// left-most fields stay exact comes first. Case-insensitive: values and rule keys are lower-cased.
//
// Instead of generating all 2^n candidate keys, each rule is ranked by the wildcard positions it
// needs; the best rank is the first candidate upstream's list would have found.
import { CATCH_ALL } from './rule-key.js';

interface Rank {
  wildcards: number;
  weight: number;
}

/** The wildcards rule `parts` needs to match `wanted`, or undefined when it cannot match. */
function rankOf(parts: readonly string[], wanted: readonly string[]): Rank | undefined {
  if (parts.length !== wanted.length) return undefined;
  const n = parts.length;
  let wildcards = 0;
  let weight = 0;
  for (let i = 0; i < n; i++) {
    const part = parts[i];
    const want = wanted[i];
    if (part === want) continue;
    if (part !== CATCH_ALL) return undefined;
    wildcards++;
    weight += 2 ** (n - 1 - i);
  }
  return { wildcards, weight };
}

const better = (a: Rank, b: Rank) =>
  a.wildcards < b.wildcards || (a.wildcards === b.wildcards && a.weight < b.weight);

/**
 * The most specific rule key of `values` (keys already lower-cased) matching the imp's field
 * values, or undefined.
 */
export function findRule(
  values: Readonly<Record<string, number>>,
  delimiter: string,
  wanted: readonly string[],
): string | undefined {
  const lowered = wanted.map((v) => v.toLowerCase());
  // Few schema fields (the usual 1–4): look the 2^n candidate keys up in order instead of
  // splitting every rule key (a 50-rule model cost 50 splits per imp).
  if (lowered.length <= MAX_CANDIDATE_FIELDS) {
    for (const mask of wildcardMasks(lowered.length)) {
      const key = lowered.map((v, i) => ((mask >> i) & 1 ? CATCH_ALL : v)).join(delimiter);
      if (Object.hasOwn(values, key)) return key;
    }
    return undefined;
  }
  let best: { key: string; rank: Rank } | undefined;
  for (const key of Object.keys(values)) {
    const rank = rankOf(key.split(delimiter), lowered);
    if (rank && (!best || better(rank, best.rank))) best = { key, rank };
  }
  return best?.key;
}

const MAX_CANDIDATE_FIELDS = 6;
const masksByWidth = new Map<number, number[]>();

/** Wildcard position masks (bit i = field i is `*`) in upstream's candidate order, built once per width. */
function wildcardMasks(n: number): readonly number[] {
  let masks = masksByWidth.get(n);
  if (!masks) {
    const weight = (m: number) => {
      let w = 0;
      for (let i = 0; i < n; i++) if ((m >> i) & 1) w += 2 ** (n - 1 - i);
      return w;
    };
    const count = (m: number) => {
      let c = 0;
      for (let i = 0; i < n; i++) c += (m >> i) & 1;
      return c;
    };
    masks = [...Array(1 << n).keys()].sort((a, b) => count(a) - count(b) || weight(a) - weight(b));
    masksByWidth.set(n, masks);
  }
  return masks;
}

/** Upstream's candidate keys in order (for n ≤ 16): what findRule's ranking is equivalent to. */
export function ruleCandidates(wanted: readonly string[], delimiter: string): string[] {
  const lowered = wanted.map((v) => v.toLowerCase());
  const n = Math.min(lowered.length, 16);
  const subsets: number[][] = [];
  for (let bits = 0; bits < 1 << n; bits++) {
    const set: number[] = [];
    for (let i = 0; i < n; i++) if ((bits >> i) & 1) set.push(i);
    subsets.push(set);
  }
  const weight = (s: number[]) => s.reduce((w, i) => w + 2 ** (n - 1 - i), 0);
  subsets.sort((a, b) => a.length - b.length || weight(a) - weight(b));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const set of subsets) {
    const parts = lowered.slice(0, n);
    for (const i of set) parts[i] = CATCH_ALL;
    const key = parts.join(delimiter);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(key);
    }
  }
  return out;
}
