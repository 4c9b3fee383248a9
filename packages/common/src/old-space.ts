// The old generation's starting size (V8's --initial-old-space-size). V8 starts a full mark-compact
// whenever the old generation's room below its next limit is smaller than the young generation's
// capacity. With a large young generation (young-generation-mb) over the ~35 MB a server keeps
// live, that is after nearly every scavenge at light load, whatever was promoted: a 15–30 ms marking
// step on the serving thread every few seconds. Starting the old generation larger keeps that room
// (docs/operations.md). Read when a heap is set up: the process that starts the serving thread or
// cluster workers sets it before their heaps exist.
import { nodeWasGiven, setV8Flags } from './node-flags.js';

/** The V8 flag for the setting; none for 0 (V8's default) or when node was given the flag itself. */
export function initialOldSpaceFlags(mb: number): string[] {
  if (mb <= 0 || nodeWasGiven(/--initial-old-space-size(=|\s|$)/)) return [];
  return [`--initial-old-space-size=${mb}`];
}

/** Sets the old generation's starting size for heaps set up from now on; false when nothing was set. */
export function applyInitialOldSpace(mb: number): boolean {
  return setV8Flags(initialOldSpaceFlags(mb));
}
