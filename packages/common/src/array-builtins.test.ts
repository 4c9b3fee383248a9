import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { runInFreshV8 } from './node-options.testkit.js';

interface Kinds {
  optimised: boolean;
  /** The array a function's `map` returned before and after the function was optimised share a hidden class. */
  sameMap: boolean;
  holeyAfter: boolean;
}

// Runs in a fresh process: a function returning `a.map(...)` is run, optimised (on the calling
// thread, so no background compile's timing counts) and run again; what its results look like
// before and after, with the setting applied at run time as the serving thread applies it.
function mapResultAcrossOptimisation(enabled: boolean): Kinds {
  const module = fileURLToPath(new URL('./array-builtins.ts', import.meta.url));
  const script = `
    const { applyArrayBuiltinInlining } = await import(${JSON.stringify(module)});
    applyArrayBuiltinInlining(${enabled});
    function plusOne(a) { return a.map((x) => x + 1); }
    %PrepareFunctionForOptimization(plusOne);
    const before = plusOne([1, 2]);
    plusOne([3, 4]);
    %OptimizeFunctionOnNextCall(plusOne);
    const after = plusOne([5, 6]);
    process.stdout.write(JSON.stringify({
      optimised: (%GetOptimizationStatus(plusOne) & 16) !== 0,
      sameMap: %HaveSameMap(before, after),
      holeyAfter: %HasHoleyElements(after),
    }));`;
  const out = runInFreshV8(script);
  return JSON.parse(out) as Kinds;
}

test('with the inlining on, an optimised map returns its arrays in another hidden class', () => {
  const kinds = mapResultAcrossOptimisation(true);
  assert.equal(kinds.optimised, true);
  // What the setting exists for: if V8 stops doing this, the setting can go.
  assert.deepEqual(kinds, { optimised: true, sameMap: false, holeyAfter: true });
});

test('with the inlining off (the default setting), the arrays keep their hidden class', () => {
  assert.deepEqual(mapResultAcrossOptimisation(false), { optimised: true, sameMap: true, holeyAfter: false });
});
