// Problems the fuzzer finds in Gavel today, reported (docs/reliability.md) rather than failed: a
// finding that matches one is counted on the "known gap" row; any other crash or 5xx fails the run.
import type { Finding } from './verdicts.js';

export interface KnownGap {
  id: string;
  kind: Finding['kind'];
  target: string;
  /** Matched against the answer's first line and the mutation. */
  pattern: RegExp;
  where: string;
}

export const KNOWN_FUZZ_GAPS: readonly KnownGap[] = [
  // None today: a finding here is counted on its own row rather than failing the run.
];

export function knownGapOf(f: Finding): KnownGap | undefined {
  return KNOWN_FUZZ_GAPS.find(
    (g) =>
      g.kind === f.kind &&
      g.target === f.target &&
      (g.pattern.test(f.example.answer) || g.pattern.test(f.example.mutation) || g.pattern.test(f.signature)),
  );
}
