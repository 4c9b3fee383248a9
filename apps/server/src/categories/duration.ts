// Duration bucket of a bid (upstream G exchange.findDurationRange): the smallest allowed duration
// that is ≥ the bid's own, an exact match first; the ranges need not be sorted. No ranges → the
// bid's own duration. All ranges below it → rejected.

export const DURATION_EXCEEDS_MAX = 'bid duration exceeds maximum allowed';

export type DurationRange = { ok: true; duration: number } | { ok: false; error: string };

export function findDurationRange(duration: number, ranges: readonly number[]): DurationRange {
  let best: number | undefined;
  for (const r of ranges) {
    if (r === duration) return { ok: true, duration: r };
    if (r > duration && (best === undefined || r < best)) best = r;
  }
  if (best !== undefined) return { ok: true, duration: best };
  return ranges.length === 0 ? { ok: true, duration } : { ok: false, error: DURATION_EXCEEDS_MAX };
}
