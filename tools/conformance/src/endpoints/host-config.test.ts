import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { buildHostConfig, type HostSetup } from './host-config.js';
import { schemaNodeAt } from './host-keys.js';

const schema = Type.Object({
  'ext-namespace': Type.String(),
  auction: Type.Object({
    'account-required': Type.Boolean(),
    'default-request-file': Type.String({ description: 'Path of the default request file' }),
  }),
  bidders: Type.Record(Type.String(), Type.Object({ enabled: Type.Boolean() })),
  cache: Type.Object({ url: Type.String(), 'public-host': Type.String(), 'public-path': Type.String() }),
});

const setup: HostSetup = {
  accountRequired: true,
  defaultRequestText: '{"broken": ',
  blockedApps: [],
  disabledAdapters: ['appnexus'],
  bidderInfoOverrides: {},
  currencyRates: null,
  needsCurrency: false,
  mockBidders: [],
  realParamsValidator: false,
  storedRequests: {},
  storedImps: {},
  storedResponses: {},
  accounts: {},
  hostGdpr: false,
  videoEnabled: false,
};

test('schema nodes are found through objects and maps', () => {
  assert.ok(schemaNodeAt(schema, ['auction', 'account-required']));
  assert.ok(schemaNodeAt(schema, ['bidders', '*', 'enabled']));
  assert.equal(schemaNodeAt(schema, ['auction', 'nope']), undefined);
});

test('fixture host settings map onto the keys the schema has; absent ones are reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-config-'));
  const out = buildHostConfig(
    schema,
    { ...setup, blockedApps: ['app'] },
    { currencyUrl: 'http://c', cacheUrl: 'http://k', storedDir: dir },
  );
  const o = out.overrides as Record<string, Record<string, unknown>>;
  assert.equal(o['ext-namespace'], 'prebid');
  assert.equal(o['auction']?.['account-required'], true);
  assert.equal(readFileSync(String(o['auction']?.['default-request-file']), 'utf8'), '{"broken": ');
  assert.deepEqual(o['bidders'], { appnexus: { enabled: false } });
  assert.deepEqual(o['cache'], {
    url: 'http://k',
    'public-host': 'www.pbcserver.com',
    'public-path': '/pbcache/endpoint',
  });
  assert.equal(out.missing.length, 1);
  assert.match(out.missing[0] ?? '', /blocked apps/);
  assert.ok(out.notes.some((n) => n.includes('stored-data')));
  assert.equal(o['currency'], undefined, 'no rate service unless the fixture has currencyRates');
});
