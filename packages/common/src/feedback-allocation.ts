// V8 gives a function its feedback vector — where inline caches record the hidden classes each
// property access has seen — only after the function has run a while (lazy feedback allocation, a
// memory saving for web pages). What a function meets before that is never recorded. In a server
// those first calls are exactly the first request of a connection: Node adds properties to a
// socket as it serves it (the peer address when the client IP is read, the keep-alive timeout
// after the first answer), so only the first request of each connection sees the young socket's
// hidden class. Optimised code built from feedback that missed it deoptimises when the next
// generation of connections arrives, and is compiled again: in a fresh server at light load about
// half of the optimising compiles of its first measured seconds (docs/performance.md
// "2026-12-05"). Allocating feedback on the first call records those shapes from the start.
// Process-wide, read when a function is first compiled.
import { offFlags, setV8Flags } from './node-flags.js';

/** The V8 flag for the setting; none when feedback stays lazy or node was given the flag. */
export function feedbackAllocationFlags(lazy: boolean): string[] {
  return offFlags('lazy-feedback-allocation', lazy);
}

/** Gives functions their feedback on their first call, for this process; false when nothing was set. */
export function applyFeedbackAllocation(lazy: boolean): boolean {
  return setV8Flags(feedbackAllocationFlags(lazy));
}
