import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { pretenuringFlags } from './pretenuring.js';
import { memoryReducerFlags } from './memory-reducer.js';
import { withNodeOptions } from './node-options.testkit.js';

test('a setting off becomes --no-<flag> unless node was given the flag (pretenuring, memory reducer)', () => {
  const settings = [
    [pretenuringFlags, 'allocation-site-pretenuring'],
    [memoryReducerFlags, 'memory-reducer'],
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

// Runs in a fresh process: sets what applyPretenuring would set, keeps every object an allocation site
// makes (so all of them survive their scavenges) and reports after how many batches V8 starts
// allocating that site's objects in the old generation; 0 when it never does. (Plain node: under the
// tsx loader the site is never tenured, with or without the flag.)
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
  const out = execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], {
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return Number(out);
}

test('with pretenuring turned off at run time, surviving objects stay in the young generation', () => {
  assert.ok(batchesUntilTenured(true) > 0, 'V8 pretenures the site by default');
  assert.equal(batchesUntilTenured(false), 0);
});
