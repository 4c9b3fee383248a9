import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryReducerFlags } from './memory-reducer.js';
import { withNodeOptions } from './node-options.testkit.js';

test('the memory reducer off becomes --no-memory-reducer unless node was given the flag', () => {
  withNodeOptions(undefined, () => {
    assert.deepEqual(memoryReducerFlags(false), ['--no-memory-reducer']);
    assert.deepEqual(memoryReducerFlags(true), []);
  });
  withNodeOptions('--memory-reducer', () => assert.deepEqual(memoryReducerFlags(false), []));
  withNodeOptions('--no-memory-reducer', () => assert.deepEqual(memoryReducerFlags(false), []));
  // Another flag with the same prefix is not this one.
  withNodeOptions('--memory-reducer-for-small-heaps', () =>
    assert.deepEqual(memoryReducerFlags(false), ['--no-memory-reducer']),
  );
});
