// V8 optimises a function after it has run a budget of bytecode a few times over (its "interrupt
// budget", 67,584 by default, sized for browsers). A service that runs hundreds of functions once
// per request — an auction — spends its first minute of light traffic in unoptimised code and in
// compiling it (docs/performance.md "2026-11-28 (morning)"). A smaller budget brings the same tier-up
// forward; under saturation it changes nothing measurable. The flag is process-wide: set by the
// serving thread before it loads its app, it also reaches code loaded earlier at its next check.
import { nodeWasGiven, setV8Flags } from './node-flags.js';

const FLAG = /--interrupt-budget(=|\s|$)/;

/** The V8 flag for `budget` (bytes of bytecode); none for 0 (V8's default) or when node was given one. */
export function tierUpFlags(budget: number): string[] {
  if (budget <= 0 || nodeWasGiven(FLAG)) return [];
  return [`--interrupt-budget=${budget}`];
}

/** Sets the budget for this process; false when nothing was set (0, or node was given one). */
export function applyTierUpBudget(budget: number): boolean {
  return setV8Flags(tierUpFlags(budget));
}
