// Syncer table, sync URL macros and the selection rules 1–5 of POST /cookie_sync.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSyncerTable } from './syncers.js';
import { buildSyncUrl, setuidCallback } from './sync-url.js';
import { chooseSyncs, chooseType, type ChooseInput } from './choose-syncs.js';
import { EMPTY_UIDS } from './uids-cookie.js';
import { withUid } from './uids-state.js';
import { keepOrder, syncTestRegistry } from './usersync-test-kit.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const table = createSyncerTable(syncTestRegistry());
const privacy = { gdpr: '1', gdprConsent: 'C O&=', usPrivacy: '1YNN', gpp: '', gppSid: '' };

const input = (over: Partial<ChooseInput> = {}): ChooseInput => ({
  table,
  bidders: undefined,
  cookie: EMPTY_UIDS,
  nowMs: T0,
  limit: 0,
  coop: false,
  filterSettings: undefined,
  random: keepOrder,
  ...over,
});
const names = (r: ReturnType<typeof chooseSyncs>) => r.chosen.map((c) => `${c.syncer.bidder}:${c.type}`);

test('syncer table: enabled bidders with a sync URL, keyed by userSync.key ?? code, looked up by name or key', () => {
  assert.deepEqual(
    table.all().map((s) => `${s.bidder}/${s.key}/${s.defaultType}`),
    ['alpha/alphakey/redirect', 'beta/beta/iframe', 'gamma/gamma/iframe', 'gammatoo/gamma/redirect'],
  );
  assert.equal(table.byBidder('ALPHA')?.key, 'alphakey');
  assert.equal(table.byBidder('delta'), undefined);
  assert.equal(table.forSetuid('alphakey')?.bidder, 'alpha');
  assert.equal(table.whyNoSyncer('eps'), 'No sync config');
  assert.equal(table.whyNoSyncer('nope'), 'Unsupported bidder');
});

test('sync URL: privacy macros escaped, redirect_url = escaped /setuid callback with the uid macro', () => {
  const alpha = table.byBidder('alpha');
  assert.ok(alpha);
  const cb = setuidCallback('https://pbs.test/', alpha, 'redirect', privacy);
  assert.equal(
    cb,
    'https://pbs.test/setuid?bidder=alpha&gdpr=1&gdpr_consent=C%20O%26%3D&us_privacy=1YNN&f=i&uid=$UID',
  );
  assert.equal(
    buildSyncUrl('https://pbs.test', alpha, 'redirect', privacy),
    `https://a.test/sync?gdpr=1&r=${encodeURIComponent(cb)}`,
  );
  assert.equal(buildSyncUrl('https://pbs.test', alpha, 'iframe', privacy), undefined);
  const beta = table.byBidder('beta');
  assert.ok(beta);
  const url = new URL(buildSyncUrl('https://pbs.test', beta, 'iframe', privacy) ?? '');
  assert.equal(url.searchParams.get('c'), 'C O&=');
  assert.equal(url.searchParams.get('us'), '1YNN');
  assert.match(url.searchParams.get('r') ?? '', /&f=b&uid=$/);
});

test('rule 1: no bidders → every syncer, one per cookie key', () => {
  assert.deepEqual(names(chooseSyncs(input())), ['alpha:redirect', 'beta:iframe', 'gamma:iframe']);
});

test('rule 2: present uids are skipped, stale and absent ones are synced', () => {
  let cookie = withUid(EMPTY_UIDS, 'alphakey', 'a', T0);
  cookie = withUid(cookie, 'beta', 'b', T0 - 8 * 24 * 3600 * 1000); // stale by now
  const r = chooseSyncs(input({ bidders: ['alpha', 'beta'], cookie }));
  assert.deepEqual(names(r), ['beta:iframe']);
  assert.deepEqual(r.rejected, [{ bidder: 'alpha', error: 'Already in sync' }]);
});

test('requested bidders: unknown, no sync config, duplicates, shared keys', () => {
  const r = chooseSyncs(input({ bidders: ['nope', 'eps', 'delta', 'gamma', 'GAMMA', 'gammatoo', 'off'] }));
  assert.deepEqual(names(r), ['gamma:iframe']);
  assert.deepEqual(r.rejected, [
    { bidder: 'nope', error: 'Unsupported bidder' },
    { bidder: 'eps', error: 'No sync config' },
    { bidder: 'delta', error: 'No sync config' },
    { bidder: 'gammatoo', error: 'Duplicate bidder synced as gamma' },
    { bidder: 'off', error: 'Disabled bidder' },
  ]);
});

test('rule 3 and 4: limit; coopSync tops up with unsynced bidders until the limit', () => {
  const limited = chooseSyncs(input({ bidders: ['alpha', 'beta', 'gamma'], limit: 2 }));
  assert.deepEqual(names(limited), ['alpha:redirect', 'beta:iframe']);
  assert.deepEqual(limited.rejected, [{ bidder: 'gamma', error: 'Limit reached' }]);
  assert.deepEqual(names(chooseSyncs(input({ bidders: ['beta'], limit: 2, coop: true }))), [
    'beta:iframe',
    'alpha:redirect',
  ]);
  assert.deepEqual(names(chooseSyncs(input({ bidders: ['beta'], limit: 2 }))), ['beta:iframe']);
  assert.deepEqual(names(chooseSyncs(input({ bidders: [], coop: true }))), [
    'alpha:redirect',
    'beta:iframe',
    'gamma:iframe',
  ]);
});

test('rule 5: filterSettings pick the allowed type or drop the bidder', () => {
  const noIframes = { iframe: { bidders: '*' as const, filter: 'exclude' as const } };
  const r = chooseSyncs(input({ filterSettings: noIframes }));
  assert.deepEqual(names(r), ['alpha:redirect', 'gamma:redirect']);
  const gamma = table.byBidder('gamma');
  assert.ok(gamma);
  assert.equal(chooseType(gamma, { image: { bidders: ['gamma'], filter: 'include' } }), 'iframe');
  assert.equal(
    chooseType(gamma, {
      iframe: { bidders: ['other'], filter: 'include' },
      image: { bidders: ['gamma'], filter: 'exclude' },
    }),
    undefined,
  );
  const onlyBeta = chooseSyncs(input({ bidders: ['beta'], filterSettings: noIframes }));
  assert.deepEqual(onlyBeta.rejected, [{ bidder: 'beta', error: 'Rejected by request filter' }]);
});

test('the shuffle spreads limited slots over the requested bidders', () => {
  const firsts = new Set<string>();
  for (const r of [0, 0.3, 0.6, 0.99]) {
    const out = chooseSyncs(input({ bidders: ['alpha', 'beta', 'gamma'], limit: 1, random: () => r }));
    firsts.add(out.chosen[0]?.syncer.bidder ?? '');
  }
  assert.ok(firsts.size > 1);
});
