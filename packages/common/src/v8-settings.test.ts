import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pretenuringFlags } from './pretenuring.js';
import { arrayBuiltinInliningFlags } from './array-builtins.js';
import { initialOldSpaceFlags, memoryReducerFlags } from './heap-setup.js';
import { withNodeOptions } from './node-options.testkit.js';

test('a setting off becomes --no-<flag> unless node was given the flag (pretenuring, memory reducer, array built-ins)', () => {
  const settings = [
    [pretenuringFlags, 'allocation-site-pretenuring'],
    [memoryReducerFlags, 'memory-reducer'],
    [arrayBuiltinInliningFlags, 'turbo-inline-array-builtins'],
  ] as const;
  for (const [flagsOf, name] of settings) {
    withNodeOptions(undefined, () => {
      assert.deepEqual(flagsOf(false), [`--no-${name}`]);
      assert.deepEqual(flagsOf(true), []);
    });
    withNodeOptions(`--${name}`, () => assert.deepEqual(flagsOf(false), []));
    withNodeOptions(`--no-${name}`, () => assert.deepEqual(flagsOf(false), []));
  }
  // Another flag with the same prefix is not this one.
  withNodeOptions('--memory-reducer-for-small-heaps', () =>
    assert.deepEqual(memoryReducerFlags(false), ['--no-memory-reducer']),
  );
});

test('the initial old space becomes --initial-old-space-size=<MB> unless 0 or node was given the flag', () => {
  withNodeOptions(undefined, () => {
    assert.deepEqual(initialOldSpaceFlags(128), ['--initial-old-space-size=128']);
    assert.deepEqual(initialOldSpaceFlags(0), []);
  });
  withNodeOptions('--initial-old-space-size=64', () => assert.deepEqual(initialOldSpaceFlags(128), []));
  withNodeOptions('--initial-old-space-size 64', () => assert.deepEqual(initialOldSpaceFlags(128), []));
  // Another flag with the same prefix is not this one.
  withNodeOptions('--initial-old-space-size-factor=2', () =>
    assert.deepEqual(initialOldSpaceFlags(128), ['--initial-old-space-size=128']),
  );
});

// Runs in a fresh process: a heap set up after the flag is set (a worker thread's, as the serving
// thread's) starts with the old generation the flag gives. Counted as full GCs while the thread
// retains 60 MB: none with 256 MB, some with V8's default.
function fullGcsWhileRetaining(flags: readonly string[]): number {
  const script = `
    const v8 = require('node:v8');
    const { Worker } = require('node:worker_threads');
    for (const flag of ${JSON.stringify(flags)}) v8.setFlagsFromString(flag);
    const w = new Worker(\`
      const { parentPort } = require('node:worker_threads');
      const { PerformanceObserver, constants } = require('node:perf_hooks');
      let majors = 0;
      const obs = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
      });
      obs.observe({ entryTypes: ['gc'] });
      const keep = [];
      for (let i = 0; i < 600; i++) keep.push(new Array(12500).fill(i + 0.5));
      setTimeout(() => parentPort.postMessage(majors), 50);
    \`, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } });
    w.on('message', (m) => { process.stdout.write(String(m)); process.exit(0); });`;
  const out = execFileSync(process.execPath, ['-e', script], {
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return Number(out);
}

test("the initial old space set before a worker thread exists is its heap's", () => {
  const flags = withNodeOptions(undefined, () => initialOldSpaceFlags(256));
  assert.ok(fullGcsWhileRetaining([]) > 0, "V8's default runs full GCs as the old generation grows");
  assert.equal(fullGcsWhileRetaining(flags), 0);
});

// Runs in a fresh process: sets what applyPretenuring would set, keeps every object an allocation site
// makes (so all of them survive their scavenges) and reports after how many batches V8 starts
// allocating that site's objects in the old generation; 0 when it never does. (Plain node: under the
// tsx loader the site is never tenured, with or without the flag.) The young generation is pinned at
// 1 MB: V8 tenures a site only on a scavenge of a young generation at its largest, and the default
// largest follows the machine's memory (with 32 MB or more the site was not tenured in 120 batches).
// The semi-space flags are given on the command line, as the young generation is sized at start.
function batchesUntilTenured(enabled: boolean): number {
  const script = `
    const v8 = require('node:v8');
    for (const flag of ${JSON.stringify(withNodeOptions(undefined, () => pretenuringFlags(enabled)))}) v8.setFlagsFromString(flag);
    function make(i) { return { a: i, b: [i, i + 1], c: { d: i } }; }
    function run() {
      const keep = [];
      for (let batch = 1; batch <= 120; batch++) {
        for (let i = 0; i < 5000; i++) keep.push(make(i));
        if (!%InYoungGeneration(make(0))) return batch;
      }
      return 0;
    }
    process.stdout.write(String(run()));`;
  const youngGeneration = ['--min-semi-space-size=1', '--max-semi-space-size=1'];
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', ...youngGeneration, '-e', script], {
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return Number(out);
}

test('with pretenuring turned off at run time, surviving objects stay in the young generation', () => {
  assert.ok(batchesUntilTenured(true) > 0, 'V8 pretenures the site by default');
  assert.equal(batchesUntilTenured(false), 0);
});
