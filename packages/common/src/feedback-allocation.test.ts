import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { feedbackAllocationFlags } from './feedback-allocation.js';
import { runInFreshV8, withNodeOptions } from './node-options.testkit.js';

// Runs in a fresh process, the setting applied at run time as the serving thread applies it: a
// property read meets one hidden class on its first call only (a connection's first request), then
// another; optimised on the second, is its code still valid when the first comes back?
function survivesFirstCallShape(lazy: boolean): { optimised: boolean; stillOptimised: boolean } {
  const module = fileURLToPath(new URL('./feedback-allocation.ts', import.meta.url));
  const script = `
    const { applyFeedbackAllocation } = await import(${JSON.stringify(module)});
    applyFeedbackAllocation(${lazy});
    const young = () => ({ fd: 1 });
    const grown = () => ({ fd: 1, peer: 'x' });
    function fdOf(socket) { return socket.fd; }
    fdOf(young());
    %PrepareFunctionForOptimization(fdOf);
    fdOf(grown());
    fdOf(grown());
    %OptimizeFunctionOnNextCall(fdOf);
    fdOf(grown());
    const optimised = (%GetOptimizationStatus(fdOf) & 16) !== 0;
    fdOf(young());
    process.stdout.write(JSON.stringify({ optimised, stillOptimised: (%GetOptimizationStatus(fdOf) & 16) !== 0 }));`;
  return JSON.parse(runInFreshV8(script)) as { optimised: boolean; stillOptimised: boolean };
}

test('with lazy feedback (V8 default), the first call goes unrecorded and its shape deoptimises later', () => {
  // What the setting exists for: if V8 stops doing this, the setting can go.
  assert.deepEqual(survivesFirstCallShape(true), { optimised: true, stillOptimised: false });
});

test('with feedback from the first call (the default setting), the optimised code expects both shapes', () => {
  assert.deepEqual(survivesFirstCallShape(false), { optimised: true, stillOptimised: true });
});

test('the flag is set unless the setting keeps V8 lazy or node was given the flag itself', () => {
  withNodeOptions(undefined, () => {
    assert.deepEqual(feedbackAllocationFlags(false), ['--no-lazy-feedback-allocation']);
    assert.deepEqual(feedbackAllocationFlags(true), []);
  });
  withNodeOptions('--lazy-feedback-allocation', () => assert.deepEqual(feedbackAllocationFlags(false), []));
  withNodeOptions('--no-lazy-feedback-allocation', () =>
    assert.deepEqual(feedbackAllocationFlags(false), []),
  );
});
