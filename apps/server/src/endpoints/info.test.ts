import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildTestApp, testConfig } from '../../test/harness.js';

const config = testConfig({
  bidders: {
    zeta: {
      endpoint: 'https://zeta.test',
      capabilities: { site: ['banner'], app: ['video'] },
      'maintainer-email': 'z@x.test',
    },
    alpha: { endpoint: 'http://alpha.test', capabilities: { site: ['banner'] }, enabled: false },
    alphaalias: { 'alias-of': 'zeta' },
  },
});

test('GET /info/bidders lists names sorted; enabledonly and baseadaptersonly filter; bad values → 400', async () => {
  const app = await buildTestApp(config);
  const all = (await app.publicApp.inject('/info/bidders')).json<string[]>();
  assert.ok(all.includes('alpha') && all.includes('zeta') && all.includes('alphaalias'));
  assert.deepEqual(all, [...all].sort());
  const enabled = (await app.publicApp.inject('/info/bidders?enabledonly=TRUE')).json<string[]>();
  assert.ok(!enabled.includes('alpha') && enabled.includes('zeta'));
  const base = (await app.publicApp.inject('/info/bidders?baseadaptersonly=true')).json<string[]>();
  assert.ok(!base.includes('alphaalias') && base.includes('alpha'));
  const bad = await app.publicApp.inject('/info/bidders?enabledonly=yes');
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.body, "Invalid value for 'enabledonly' query param, must be of boolean type");
  await app.closeResources();
});

test('GET /info/bidders/{name}: case-insensitive detail, `all`, 404 for unknown', async () => {
  const app = await buildTestApp(config);
  assert.deepEqual((await app.publicApp.inject('/info/bidders/ZETA')).json(), {
    status: 'ACTIVE',
    usesHttps: true,
    maintainer: { email: 'z@x.test' },
    capabilities: { app: { mediaTypes: ['video'] }, site: { mediaTypes: ['banner'] } },
  });
  assert.deepEqual((await app.publicApp.inject('/info/bidders/alpha')).json(), { status: 'DISABLED' });
  assert.equal((await app.publicApp.inject('/info/bidders/alphaalias')).json().aliasOf, 'zeta');
  const all = (await app.publicApp.inject('/info/bidders/all')).json();
  assert.equal(all.zeta.status, 'ACTIVE');
  assert.equal((await app.publicApp.inject('/info/bidders/nobody')).statusCode, 404);
  await app.closeResources();
});

test('GET /bidders/params serves one JSON Schema per bidder, aliases included', async () => {
  const app = await buildTestApp(config);
  const params = (await app.publicApp.inject('/bidders/params')).json();
  assert.deepEqual(params.zeta, { type: 'object' });
  assert.ok('alphaalias' in params);
  await app.closeResources();
});

test('GET /info/bidders/{name}: dooh capabilities, https in any case; protocol facts are not shown', async () => {
  const app = await buildTestApp(
    testConfig({
      bidders: {
        screens: {
          endpoint: 'HTTPS://screens.test',
          capabilities: { dooh: ['banner', 'video'] },
          openrtb: { version: '2.6', 'gpp-supported': true },
          'endpoint-compression': 'gzip',
          geoscope: ['EEA'],
        },
      },
    }),
  );
  assert.deepEqual((await app.publicApp.inject('/info/bidders/screens')).json(), {
    status: 'ACTIVE',
    usesHttps: true,
    capabilities: { dooh: { mediaTypes: ['banner', 'video'] } },
  });
  await app.closeResources();
});
