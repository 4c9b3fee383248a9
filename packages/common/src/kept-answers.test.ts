import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeptAnswers } from './kept-answers.js';

test('KeptAnswers: per owner and key; "none" is kept as null, an unknown key is undefined', () => {
  const kept = new KeptAnswers<string>(10);
  const a = {};
  const b = {};
  assert.equal(kept.get(a, 'k'), undefined);
  kept.set(a, 'k', 'x');
  kept.set(a, 'n', undefined);
  assert.equal(kept.get(a, 'k'), 'x');
  assert.equal(kept.get(a, 'n'), null);
  assert.equal(kept.get(b, 'k'), undefined, 'another owner knows nothing');
  kept.set(a, 'k', 'y');
  assert.equal(kept.get(a, 'k'), 'y');
});

test('KeptAnswers: an owner holds at most maxPerOwner answers, then starts over', () => {
  const kept = new KeptAnswers<number>(3);
  const owner = {};
  for (let i = 0; i < 3; i++) kept.set(owner, `k${i}`, i);
  kept.set(owner, 'k1', 10); // a known key replaces its answer without starting over
  assert.deepEqual(
    [0, 1, 2].map((i) => kept.get(owner, `k${i}`)),
    [0, 10, 2],
  );
  kept.set(owner, 'k3', 3);
  assert.deepEqual(
    [0, 1, 2, 3].map((i) => kept.get(owner, `k${i}`)),
    [undefined, undefined, undefined, 3],
  );
});
