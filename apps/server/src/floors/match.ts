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
  let best: { key: string; rank: Rank } | undefined;
  for (const key of Object.keys(values)) {
    const rank = rankOf(key.split(delimiter), lowered);
    if (rank && (!best || better(rank, best.rank))) best = { key, rank };
  }
  return best?.key;
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
