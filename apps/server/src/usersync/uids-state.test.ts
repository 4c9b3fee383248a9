// Entry transitions of the contract's table, 7-day freshness, and the size cap with ejection.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_UIDS } from './uids-cookie.js';
import { entryState, fitToSize, hasLiveUid, UID_FRESHNESS_MS, withoutUid, withUid } from './uids-state.js';
import { uidsSetCookie } from './set-cookie.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

test('absent → present → replaced → stale after 7 days → absent', () => {
  assert.equal(UID_FRESHNESS_MS, 7 * DAY);
  assert.equal(entryState(EMPTY_UIDS, 'k', T0), 'absent');
  const set = withUid(EMPTY_UIDS, 'k', 'u1', T0);
  assert.equal(entryState(set, 'k', T0), 'present');
  assert.equal(hasLiveUid(set, T0), true);
  const replaced = withUid(set, 'k', 'u2', T0 + DAY);
  assert.equal(replaced.uids.get('k')?.uid, 'u2');
  assert.equal(entryState(replaced, 'k', T0 + 8 * DAY - 1), 'present');
  assert.equal(entryState(replaced, 'k', T0 + 8 * DAY), 'stale');
  assert.equal(hasLiveUid(replaced, T0 + 8 * DAY), false);
  const gone = withoutUid(replaced, 'k');
  assert.equal(entryState(gone, 'k', T0), 'absent');
  assert.equal(replaced.uids.size, 1, 'transitions never mutate their input');
});

test('fitToSize ejects the entries closest to expiry, never the one being written', () => {
  let c = EMPTY_UIDS;
  for (let i = 0; i < 10; i++) c = withUid(c, `k${i}`, 'x'.repeat(40), T0 + i * 1000);
  c = withUid(c, 'new', 'y'.repeat(40), T0 - 30 * DAY); // oldest of all, but the one being set
  const unlimited = fitToSize(c, 0, 'new');
  assert.ok(unlimited.ok && unlimited.ejected.length === 0);
  const fit = fitToSize(c, 500, 'new');
  assert.ok(fit.ok);
  assert.ok(4 + 1 + fit.value.length <= 500);
  assert.ok(fit.cookie.uids.has('new'));
  assert.deepEqual(fit.ejected, fit.ejected.slice().sort(), 'k0, k1, ... oldest first');
  assert.equal(fit.ejected[0], 'k0');
  assert.ok(fit.cookie.uids.has('k9'));
  const tooBig = fitToSize(withUid(EMPTY_UIDS, 'big', 'z'.repeat(600), T0), 500, 'big');
  assert.equal(tooBig.ok, false);
});

test('Set-Cookie carries Path, Max-Age, Expires, optional Domain, SameSite=None; Secure', () => {
  const h = uidsSetCookie('abc=', { domain: '', ttlDays: 90 }, T0);
  assert.equal(
    h,
    `uids=abc=; Path=/; Max-Age=7776000; Expires=${new Date(T0 + 90 * DAY).toUTCString()}; SameSite=None; Secure`,
  );
  assert.match(uidsSetCookie('v', { domain: 'example.com', ttlDays: 1 }, T0), /; Domain=example\.com;/);
});
