// The `workers` setting's resolution (issue 8): -1 = one per core, 0 = no cluster.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveWorkerCount } from './cluster-primary.js';

test('workers: -1 means one per core, 0 means no cluster, n means n', () => {
  assert.equal(resolveWorkerCount(-1, 4), 4);
  assert.equal(resolveWorkerCount(-1, 0), 1);
  assert.equal(resolveWorkerCount(0, 4), 0);
  assert.equal(resolveWorkerCount(3, 2), 3);
});
