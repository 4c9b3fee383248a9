// The pure part of light-window.mjs: V8's trace lines (Node 20) and /proc thread ticks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadDeltas, topEntries, traceFigures } from './v8-trace.mjs';

// Lines as node 20.20 printed them with --trace-opt --trace-deopt --trace-gc (addresses shortened).
const LINES = [
  '[marking 0x3e7 <JSFunction Request (sfi = 0x11e)> for optimization to TURBOFAN, ConcurrencyMode::kConcurrent, reason: hot and stable]',
  '[completed compiling 0x374 <JSFunction Request (sfi = 0x11e)> (target TURBOFAN) - took 0.039, 1.692, 0.130 ms]',
  '[completed optimizing 0x374 <JSFunction Request (sfi = 0x11e)> (target TURBOFAN)]',
  '[completed compiling 0x1cf <JSFunction (sfi = 0x1bf)> (target TURBOFAN) - took 0.012, 0.427, 0.013 ms]',
  '[completed compiling 0x1cf <JSFunction Request (sfi = 0x11e)> (target TURBOFAN) - took 0.010, 2.308, 0.050 ms]',
  '[bailout (kind: deopt-eager, reason: wrong map): begin. deoptimizing 0x04a <JSFunction callBidders (sfi = 0x250)>, 0x2e5 <Code TURBOFAN>, opt id 284, bytecode offset 0, deopt exit 2]',
  '[bailout (kind: deopt-eager, reason: Insufficient type feedback for generic keyed access): begin. deoptimizing 0x1bf <JSFunction Client.<computed> (sfi = 0x27e)>, 0x32c <Code TURBOFAN>, opt id 157]',
  '[bailout (kind: deopt-soft, reason: wrong map): begin. deoptimizing 0x04a <JSFunction callBidders (sfi = 0x250)>, 0x2e6 <Code TURBOFAN>, opt id 301]',
  '[12135:0x7f22b4000f00]     7498 ms: Scavenge 72.1 (106.3) -> 43.1 (106.6) MB, 4.17 / 0.00 ms  (average mu = 1.000, current mu = 1.000) task; ',
  '[12135:0x7f22b4000f00]     8902 ms: Scavenge 70.4 (106.6) -> 43.3 (106.6) MB, 2.03 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ',
  '[9001:0x21973930]     9058 ms: Mark-Compact 61.9 (167.9) -> 34.7 (168.2) MB, 21.52 / 0.41 ms  (+ 18.9 ms in 23 steps since start of marking, biggest step 16.2 ms) finalize incremental marking via task; GC in old space requested',
  '{"level":30,"msg":"listening"}',
];

test('a window of trace lines: compiles, deoptimisations, scavenges and mark-compacts', () => {
  const f = traceFigures(LINES);
  assert.equal(f.compiles, 3);
  assert.equal(Number(f.compileBackgroundMs.toFixed(3)), 4.427);
  assert.equal(Number(f.compileMainMs.toFixed(3)), 0.254);
  assert.equal(f.deopts, 3);
  assert.equal(f.scavenges, 2);
  assert.equal(Number(f.scavengeMs.toFixed(2)), 6.2);
  assert.equal(f.scavengeMaxMs, 4.17);
  assert.equal(f.markCompacts, 1);
  assert.equal(f.markCompactMs, 21.52);
});

test('compiles and deoptimisations by function: anonymous and computed names kept whole', () => {
  const f = traceFigures(LINES);
  assert.deepEqual([...f.compiledBy.keys()], ['Request', '(anonymous)']);
  assert.equal(Number(f.compiledBy.get('Request')?.toFixed(3)), 4);
  assert.deepEqual(Object.fromEntries(f.deoptsBy), {
    'callBidders | wrong map': 2,
    'Client.<computed> | Insufficient type feedback for generic keyed access': 1,
  });
  assert.deepEqual(topEntries(f.deoptsBy, 1), ['callBidders | wrong map (2)']);
  assert.deepEqual(topEntries(f.compiledBy, 2, 1), ['Request (4.0)', '(anonymous) (0.4)']);
});

test('no trace lines: every figure zero', () => {
  const f = traceFigures(['plain output', '']);
  assert.deepEqual(
    [f.compiles, f.deopts, f.scavenges, f.markCompacts, f.compileBackgroundMs, f.scavengeMaxMs],
    [0, 0, 0, 0, 0, 0],
  );
});

test('thread deltas: ticks gained over the window, largest first, idle and gone threads left out', () => {
  assert.deepEqual(threadDeltas({ 1: 100, 2: 50, 3: 7 }, { 1: 220, 2: 53, 3: 7, 4: 9 }), [120, 9, 3]);
});
