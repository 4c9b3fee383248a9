// V8 "pretenures" an allocation site — allocates its objects straight in the old generation — once
// most of the objects it made survived a scavenge. A server's per-request objects only look long-lived
// when a scavenge happens to catch many requests in flight (a slow start-up phase, a burst); a site
// tenured then stays tenured, its requests' objects die in old space, and until the next mark-compact
// those dead old objects keep the young objects they point at alive through every scavenge. Measured
// in a quarter to a half of identical server processes: ~4.5 MB promoted per scavenge instead of
// ~25 KB, a mark-compact every second, 30–100% more CPU per auction for the life of the process
// (docs/performance.md "2026-11-28 (late morning)"). The flag is process-wide and read at every GC.
import { offFlags, setV8Flags } from './node-flags.js';

/** The V8 flag for the setting; none when pretenuring stays on or node was given the flag. */
export function pretenuringFlags(enabled: boolean): string[] {
  return offFlags('allocation-site-pretenuring', enabled);
}

/** Turns allocation-site pretenuring off for this process; false when nothing was set. */
export function applyPretenuring(enabled: boolean): boolean {
  return setV8Flags(pretenuringFlags(enabled));
}
