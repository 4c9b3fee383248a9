// Host `bidders.<name>.*` protocol settings (upstream bidder-info openrtb.version, openrtb.gpp-supported,
// endpointCompression, geoscope, platform_id / app_secret) reach the registered bidder info.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBidderRegistry } from './registry.js';
import { genericOrtbAdapter } from './generic-ortb.js';
import type { BidderModule } from './info.js';

const builtIn: BidderModule = {
  code: 'zipper',
  info: {
    endpoint: 'https://z.test',
    enabled: true,
    capabilities: { site: ['banner'] },
    openrtbVersion: '2.6',
    endpointCompression: 'gzip',
  },
  paramsSchema: {},
};

test('host config sets openrtb version, gpp support, compression, geoscope, platform id and secret', () => {
  const registry = createBidderRegistry({
    builtIns: [builtIn],
    genericAdapter: genericOrtbAdapter,
    host: {
      zipper: {
        openrtb: { version: '2.5', 'gpp-supported': true },
        'endpoint-compression': 'none',
        geoscope: ['USA', '!CAN'],
        'platform-id': 'pid',
        'app-secret': 'sec',
      },
      declared: {
        endpoint: 'https://d.test',
        capabilities: { site: ['banner'], dooh: ['banner'] },
        'endpoint-compression': 'gzip',
      },
    },
  });
  const info = registry.lookup('zipper')?.info;
  assert.equal(info?.openrtbVersion, '2.5');
  assert.equal(info?.gppSupported, true);
  assert.equal(info?.endpointCompression, undefined, 'none turns the built-in gzip off');
  assert.deepEqual(info?.geoscope, ['USA', '!CAN']);
  assert.equal(info?.platformId, 'pid');
  assert.equal(info?.appSecret, 'sec');
  const declared = registry.lookup('declared')?.info;
  assert.equal(declared?.endpointCompression, 'gzip');
  assert.deepEqual(declared?.capabilities, { site: ['banner'], dooh: ['banner'] });
  assert.equal(declared?.openrtbVersion, undefined, '2.5 by default');
});

test('without host settings the built-in info is kept as declared', () => {
  const registry = createBidderRegistry({ builtIns: [builtIn], genericAdapter: genericOrtbAdapter });
  assert.deepEqual(registry.lookup('ZIPPER')?.info, builtIn.info);
});
