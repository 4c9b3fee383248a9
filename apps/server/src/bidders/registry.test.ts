import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Adapter } from './types.js';
import type { BidderModule } from './info.js';
import { createBidderRegistry } from './registry.js';

const generic: Adapter = {
  makeRequests: () => ({ value: [], errors: [] }),
  makeBids: () => ({ value: null, errors: [] }),
};
const own: Adapter = {
  makeRequests: () => ({ value: [], errors: [] }),
  makeBids: () => ({ value: null, errors: [] }),
};
const schema = {
  type: 'object',
  properties: { placementId: { type: ['integer', 'string'] } },
  required: ['placementId'],
};

const builtIns: BidderModule[] = [
  {
    code: 'appnexus',
    info: { endpoint: 'https://an.test', enabled: true, capabilities: { site: ['banner'] } },
    paramsSchema: schema,
    adapter: own,
  },
  {
    code: 'adnxsalias',
    info: { endpoint: '', enabled: true, capabilities: { site: ['banner'] }, aliasOf: 'appnexus' },
    paramsSchema: {},
  },
  {
    code: 'plain',
    info: { endpoint: 'http://plain.test', enabled: true, capabilities: { app: ['video'] } },
    paramsSchema: {},
  },
];

test('lookup is case-insensitive; hard aliases share the adapter and params schema of their target', () => {
  const r = createBidderRegistry({ builtIns, genericAdapter: generic });
  assert.equal(r.lookup('AppNexus')?.code, 'appnexus');
  assert.equal(r.lookup('adnxsalias')?.adapter, own);
  assert.equal(r.lookup('adnxsalias')?.paramsSchema, schema);
  assert.equal(r.lookup('plain')?.adapter, generic);
  assert.equal(r.lookup('nobody'), undefined);
  assert.deepEqual(
    r.all().map((b) => b.code),
    ['adnxsalias', 'appnexus', 'plain'],
  );
});

test('host config overrides a built-in, declares new bidders and replaces a built-in by declaration', () => {
  const r = createBidderRegistry({
    builtIns,
    genericAdapter: generic,
    host: {
      appnexus: { endpoint: 'https://an.other', enabled: false },
      hosted: {
        endpoint: 'https://hosted.test/{{.PublisherID}}',
        capabilities: { site: ['banner', 'native'] },
        'gvl-vendor-id': 7,
      },
      plain: { endpoint: 'https://plain.new', capabilities: { site: ['banner'] } },
      myalias: { 'alias-of': 'appnexus' },
    },
  });
  assert.equal(r.lookup('appnexus')?.info.endpoint, 'https://an.other');
  assert.equal(r.lookup('appnexus')?.info.enabled, false);
  assert.equal(r.lookup('appnexus')?.adapter, own);
  const hosted = r.lookup('HOSTED');
  assert.equal(hosted?.adapter, generic);
  assert.equal(hosted?.info.gvlVendorId, 7);
  assert.deepEqual(hosted?.info.capabilities, { site: ['banner', 'native'] });
  assert.deepEqual(r.lookup('plain')?.info.capabilities, { site: ['banner'] });
  assert.equal(r.lookup('myalias')?.adapter, own);
  assert.equal(r.lookup('myalias')?.info.aliasOf, 'appnexus');
});

test('a host override of an unknown bidder without capabilities is a start-up error', () => {
  assert.throws(
    () => createBidderRegistry({ builtIns, genericAdapter: generic, host: { ghost: { enabled: false } } }),
    /bidders.ghost/,
  );
  assert.throws(
    () => createBidderRegistry({ builtIns, genericAdapter: generic, host: { x: { 'alias-of': 'nobody' } } }),
    /alias-of: unknown bidder/,
  );
});

test('injected modules replace built-ins of the same code', () => {
  const mock: BidderModule = {
    code: 'appnexus',
    info: { endpoint: 'mock://', enabled: true, capabilities: { site: ['banner'] } },
    paramsSchema: {},
    adapter: generic,
  };
  const r = createBidderRegistry({ builtIns, genericAdapter: own, extra: [mock] });
  assert.equal(r.lookup('appnexus')?.info.endpoint, 'mock://');
});

test('validateParams: [] when valid, upstream-style lines otherwise', () => {
  const r = createBidderRegistry({ builtIns, genericAdapter: generic });
  assert.deepEqual(r.validateParams('appnexus', { placementId: 5 }), []);
  assert.deepEqual(r.validateParams('appnexus', { placementId: [] }), [
    'placementId: Invalid type. Expected: [integer,string], given: array',
  ]);
  assert.deepEqual(r.validateParams('appnexus', 'x'), [
    '(root): Invalid type. Expected: object, given: string',
  ]);
  assert.deepEqual(r.validateParams('appnexus', {}), ['(root): placementId is required']);
  assert.deepEqual(r.validateParams('plain', { anything: 1 }), []);
});
