// Host `bidders.<name>.extra-info` reaches the adapter context's extraInfo (e.g. rubicon's XAPI login).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBidderRegistry } from './registry.js';
import { builtInBidders } from './adapters/catalog.js';
import { genericOrtbAdapter } from './generic-ortb.js';

test('host extra-info overrides the built-in extraInfo', () => {
  const xapi = { username: 'host', password: 'secret', tracker: 'tk' };
  const registry = createBidderRegistry({
    builtIns: builtInBidders,
    genericAdapter: genericOrtbAdapter,
    host: { rubicon: { enabled: true, 'extra-info': { xapi } } },
  });
  assert.deepEqual(registry.lookup('rubicon')?.info.extraInfo, { xapi });
  assert.equal(registry.lookup('rubicon')?.info.enabled, true);
  assert.equal(registry.lookup('magnite')?.info.aliasOf, 'rubicon');
});
