// V8's optimising compiler inlines Array.prototype.map, filter, forEach and their kin into the code
// that calls them. An inlined `map` makes its result array in another elements kind than the built-in
// does (holey where the built-in's is packed): from the moment a producer is optimised, the arrays it
// hands on carry a new hidden class, and every optimised consumer that has only seen the old one
// deoptimises and is compiled again. In a fresh auction server that chain ran a dozen of the largest
// functions (the pipeline, the reply, the stored-request and account look-ups) through a second
// compile inside its first 15 s of light traffic (docs/performance.md "2026-11-29 (night, late)").
// Calling the built-ins keeps one elements kind per producer; an auction's arrays hold a handful of
// imps, bidders and bids, where inlining buys nothing measurable. Process-wide, read at each compile.
import { offFlags, setV8Flags } from './node-flags.js';

/** The V8 flag for the setting; none when inlining stays on or node was given the flag. */
export function arrayBuiltinInliningFlags(enabled: boolean): string[] {
  return offFlags('turbo-inline-array-builtins', enabled);
}

/** Turns the inlining of array built-ins off for this process; false when nothing was set. */
export function applyArrayBuiltinInlining(enabled: boolean): boolean {
  return setV8Flags(arrayBuiltinInliningFlags(enabled));
}
