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
  {
    id: 'amp-source-origin-header',
    kind: '5xx',
    target: 'GET /openrtb2/amp',
    pattern: /ERR_INVALID_CHAR/,
    where:
      'apps/server/src/endpoints/amp/route.ts setAmpHeaders: __amp_source_origin (or Origin) with non-Latin-1/control characters copied into AMP-Access-Control-Allow-Source-Origin → 500 ERR_INVALID_CHAR',
  },
  {
    id: 'amp-long-tag-id-503',
    kind: '5xx',
    target: 'GET /openrtb2/amp',
    pattern: /stored data back-end \(source\) unavailable/,
    where:
      'a tag_id of ~1,000+ characters answers 503 "stored data back-end (source) unavailable" instead of 400 not found: suspect the directory source (apps/server/src/stored/, file name too long → ENAMETOOLONG) counted as a back-end outage since abf3916',
  },
];

export function knownGapOf(f: Finding): KnownGap | undefined {
  return KNOWN_FUZZ_GAPS.find(
    (g) =>
      g.kind === f.kind &&
      g.target === f.target &&
      (g.pattern.test(f.example.answer) || g.pattern.test(f.example.mutation) || g.pattern.test(f.signature)),
  );
}
