import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isGavelError } from '@gavel/common';
import { defaultsDocument } from '../../accounts/account-settings.js';
import { DEFAULT_ACCOUNT_FLOORS } from '../../floors/index.js';
import { createMemorySource } from '../../stored/memory-source.js';
import { unavailable, type StoredSource } from '../../stored/types.js';
import { resolveAccount, type ResolveAccountEnv } from './resolve-account.js';

const HOST = defaultsDocument({
  disabled: false,
  'debug-allow': false,
  'cache-ttl': { banner: 60 },
  'events-enabled': false,
  'bid-adjustment-factors': {},
});

const store = createMemorySource({
  account: {
    full: JSON.stringify({
      debug_allow: true,
      price_granularity: 'high',
      cache_ttl: { video: 900 },
      events: { enabled: true },
      bidadjustmentfactors: { appnexus: 0.9 },
      price_floors: {
        enabled: true,
        enforce_deal_floors: true,
        fetch: { enabled: true, url: 'https://f.example/x' },
      },
      bidadjustments: { mediatype: { banner: { appnexus: { '*': [{ adjtype: 'multiplier', value: 2 }] } } } },
      default_bid_limit: 3,
      alternatebiddercodes: { enabled: true },
      preferredmediatype: { pubmatic: 'video' },
      targeting_prefix: 'pub',
      default_integration: 'pbjs',
      truncate_target_attr: 30,
      gdpr: { enabled: false },
      privacy: { ipv4: { anon_keep_bits: 24 } },
    }),
    off: '{"disabled": true}',
    inactive: '{"status": "inactive"}',
    malformed: '{"disabled": "invalid type"}',
    broken: '{"disabled": tru',
    badfloors: '{"price_floors": {"enforce_floors_rate": "all"}}',
    badpreferred: '{"preferredmediatype": {"pubmatic": 2}}',
    badtruncate: '{"truncate_target_attr": "20"}',
    badgdpr: '{"gdpr": {"channel_enabled": {"amp": "no"}}}',
  },
});

function defaultFetchDoc(): Record<string, unknown> {
  return (HOST['price_floors'] as { fetch: Record<string, unknown> }).fetch;
}

const env = (over: Partial<ResolveAccountEnv> = {}): ResolveAccountEnv => ({
  store,
  defaults: HOST,
  unknownAccount: 'default',
  ...over,
});

test('host defaults ← stored account, field by field', async () => {
  const { bidAdjustments, ...a } = await resolveAccount('full', env());
  assert.ok(bidAdjustments, 'bidadjustments parsed into rules');
  assert.deepEqual(a, {
    id: 'full',
    disabled: false,
    debugAllowed: true,
    priceGranularity: 'high',
    cacheTtl: { banner: 60, video: 900 },
    eventsEnabled: true,
    bidAdjustmentFactors: { appnexus: 0.9 },
    privacy: { ipv4: { anon_keep_bits: 24 }, gdpr: { enabled: false } },
    priceFloors: {
      ...DEFAULT_ACCOUNT_FLOORS,
      enabled: true,
      enforceDealFloors: true,
      fetch: { ...DEFAULT_ACCOUNT_FLOORS.fetch, enabled: true, url: 'https://f.example/x' },
    },
    priceFloorsFetch: { ...defaultFetchDoc(), enabled: true, url: 'https://f.example/x' },
    defaultBidLimit: 3,
    alternateBidderCodes: { enabled: true },
    preferredMediaType: { pubmatic: 'video' },
    targetingPrefix: 'pub',
    truncateTargetAttr: 30,
    defaultIntegration: 'pbjs',
  });
  await assert.rejects(
    resolveAccount('badfloors', env()),
    (e: unknown) => isGavelError(e) && e.status === 500,
    'a price_floors block of the wrong type makes the account malformed',
  );
  await assert.rejects(
    resolveAccount('badpreferred', env()),
    (e: unknown) => isGavelError(e) && e.status === 500,
    'a preferredmediatype that is not a map of strings makes the account malformed',
  );
  await assert.rejects(
    resolveAccount('badtruncate', env()),
    (e: unknown) => isGavelError(e) && e.status === 500,
    'a truncate_target_attr that is not an integer makes the account malformed',
  );
  await assert.rejects(
    resolveAccount('badgdpr', env()),
    (e: unknown) => isGavelError(e) && e.status === 500,
    'a gdpr block of the wrong shape makes the account malformed',
  );
});

test('no account id and unknown ids get the host defaults (policy "default")', async () => {
  const callsBefore = store.calls;
  const none = await resolveAccount('', env());
  assert.equal(store.calls, callsBefore, 'no account id: stored data is not asked at all');
  assert.deepEqual(none, {
    id: '',
    disabled: false,
    debugAllowed: false,
    cacheTtl: { banner: 60 },
    eventsEnabled: false,
    priceFloors: DEFAULT_ACCOUNT_FLOORS,
    priceFloorsFetch: defaultFetchDoc(),
  });
  const unknown = await resolveAccount('who', env());
  assert.equal(unknown.id, 'who');
  assert.equal(unknown.debugAllowed, false);
});

test('unknown ids are refused with 400 under policy "reject"; no id still gets the defaults', async () => {
  await assert.rejects(resolveAccount('who', env({ unknownAccount: 'reject' })), (err) => {
    assert.ok(isGavelError(err));
    assert.equal(err.status, 400);
    assert.match(err.message, /discard requests without a valid Account ID/);
    return true;
  });
  assert.equal((await resolveAccount('full', env({ unknownAccount: 'reject' }))).id, 'full');
});

test('disabled (G) and inactive (J) accounts come back disabled: the pipeline answers 503', async () => {
  assert.equal((await resolveAccount('off', env())).disabled, true);
  assert.equal((await resolveAccount('inactive', env())).disabled, true);
});

test('a malformed stored account is a 500 naming the account', async () => {
  for (const id of ['malformed', 'broken']) {
    await assert.rejects(resolveAccount(id, env()), (err) => {
      assert.ok(isGavelError(err));
      assert.equal(err.status, 500);
      assert.equal(
        err.message,
        `The prebid-server account config for account id "${id}" is malformed. Please reach out to the prebid server host.`,
      );
      return true;
    });
  }
});

test('a failing source falls back to the defaults (availability first)', async () => {
  const down: StoredSource = {
    fetch: async (kind, ids) => ({
      found: new Map(),
      errors: ids.map((id) => unavailable(kind, id, 'down')),
    }),
  };
  const a = await resolveAccount('full', env({ store: down }));
  assert.equal(a.debugAllowed, false);
});
