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

// Where the setting is applied matters (main.ts): set before a worker thread starts, Node's own
// start-up code in the thread records feedback from its first calls, and the object literal in
// `process.nextTick` ends megamorphic — every tick defines its keys through V8's runtime. Set as the
// thread's first statement, it stays monomorphic. The states of that literal's feedback slots:
function nextTickLiteralStates(setBeforeThread: boolean): string[] {
  const module = fileURLToPath(new URL('./feedback-allocation.ts', import.meta.url));
  // An ES module, as the fresh node's --input-type makes it.
  const thread = `
    import v8 from 'node:v8';
    if (${!setBeforeThread}) v8.setFlagsFromString('--no-lazy-feedback-allocation');
    for (let i = 0; i < 200; i++) process.nextTick(() => {});
    setTimeout(() => eval('%DebugPrint(process.nextTick)'), 20);`;
  const script = `
    const { Worker } = await import('node:worker_threads');
    const { applyFeedbackAllocation } = await import(${JSON.stringify(module)});
    if (${setBeforeThread}) applyFeedbackAllocation(false);
    new Worker(${JSON.stringify(thread)}, { eval: true });`;
  const printed = runInFreshV8(script);
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

test('set before a thread starts, process.nextTick in the thread ends megamorphic', () => {
  assert.ok(nextTickLiteralStates(true).includes('MEGAMORPHIC'));
});

test('set as the thread’s first statement, process.nextTick in the thread stays monomorphic', () => {
  const states = nextTickLiteralStates(false);
  assert.ok(states.length > 0, 'the literal’s slots are printed');
  assert.deepEqual(new Set(states), new Set(['MONOMORPHIC']));
});
