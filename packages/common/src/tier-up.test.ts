import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { tierUpFlags } from './tier-up.js';
import { runInFreshV8, withNodeOptions } from './node-options.testkit.js';

test('the budget becomes --interrupt-budget unless it is 0 or node was given one', () => {
  withNodeOptions(undefined, () => {
    assert.deepEqual(tierUpFlags(8192), ['--interrupt-budget=8192']);
    assert.deepEqual(tierUpFlags(0), []);
  });
  withNodeOptions('--interrupt-budget=4096', () => assert.deepEqual(tierUpFlags(8192), []));
  // A different V8 flag that merely starts with the same words is not the budget.
  withNodeOptions('--interrupt-budget-for-feedback-allocation=900', () =>
    assert.deepEqual(tierUpFlags(8192), ['--interrupt-budget=8192']),
  );
});

// Runs in a fresh process: counts the calls a small function takes to be optimised, with and
// without the budget applied at run time (what the serving thread does before loading its app);
// compiled on the calling thread, so the count does not depend on a background compile's timing.
function callsUntilOptimised(budget: number): number {
  const module = fileURLToPath(new URL('./tier-up.ts', import.meta.url));
  const script = `
    const { applyTierUpBudget } = await import(${JSON.stringify(module)});
    applyTierUpBudget(${budget});
    function f(o) { let s = 0; for (let i = 0; i < 3; i++) s += o.a * i; return s; }
    let n = 0;
    for (; n < 1e6; n++) { f({ a: n }); if (n % 10 === 0 && (%GetOptimizationStatus(f) & 16)) break; }
    process.stdout.write(String(n));`;
  const out = runInFreshV8(script);
  return Number(out);
}

test('a budget applied at run time makes V8 optimise sooner', () => {
  const defaultBudget = callsUntilOptimised(0);
  const small = callsUntilOptimised(1024);
  assert.ok(
    small * 2 < defaultBudget,
    `optimised after ${small} calls with 1024, ${defaultBudget} by default`,
  );
});
