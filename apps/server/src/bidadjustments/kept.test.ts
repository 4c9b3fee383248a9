// resolveBidAdjustmentsKept: the same resolution as resolveBidAdjustments, kept per account block and
// request text, frozen, with a warnings array of the caller's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveBidAdjustmentsKept } from './kept.js';
import { parseBidAdjustments } from './parse.js';
import { resolveBidAdjustments } from './rules.js';

const block = () => ({
  mediatype: { banner: { appnexus: { '*': [{ adjtype: 'multiplier', value: 0.9 }] } } },
});

test('kept: equal to a fresh resolution; the same rule table for the same text', () => {
  const first = resolveBidAdjustmentsKept({ request: block() });
  assert.deepEqual(first, resolveBidAdjustments({ request: block() }));
  const second = resolveBidAdjustmentsKept({ request: block() });
  assert.equal(second.rules, first.rules);
  assert.ok(Object.isFrozen(first.rules.get('banner|appnexus|*')));
});

test('kept: warnings are the caller’s own; errors and account blocks are kept apart', () => {
  const bad = { mediatype: { banner: { appnexus: { '*': [{ adjtype: 'multiplier', value: 200 }] } } } };
  const a = resolveBidAdjustmentsKept({ request: bad });
  assert.deepEqual(a, resolveBidAdjustments({ request: bad }));
  a.warnings.push({ code: 10008, message: 'mine' });
  assert.deepEqual(
    resolveBidAdjustmentsKept({ request: bad }).warnings,
    resolveBidAdjustments({ request: bad }).warnings,
  );
  const shape = { mediatype: 'no' };
  assert.deepEqual(resolveBidAdjustmentsKept({ request: shape }), resolveBidAdjustments({ request: shape }));
  const parsed = parseBidAdjustments({
    mediatype: { banner: { rubicon: { '*': [{ adjtype: 'cpm', value: 1, currency: 'USD' }] } } },
  });
  assert.ok(parsed.ok);
  const account = parsed.value;
  const withAccount = resolveBidAdjustmentsKept({ request: block(), account });
  assert.deepEqual(withAccount, resolveBidAdjustments({ request: block(), account }));
  assert.notDeepEqual(withAccount.rules, resolveBidAdjustmentsKept({ request: block() }).rules);
  assert.deepEqual(
    resolveBidAdjustmentsKept({ request: undefined, account }),
    resolveBidAdjustments({ request: undefined, account }),
  );
});
