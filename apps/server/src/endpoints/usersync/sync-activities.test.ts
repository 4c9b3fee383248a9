// The syncUser activity on /cookie_sync and /setuid (G ActivityAllowsUserSync): an account's activity
// controls over the host's decide per bidder; a denied setuid is a bare 451.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, testConfig } from '../../../test/harness.js';
import { syncTestBidders } from '../../usersync/usersync-test-kit.js';

test('an account denying syncUser for a bidder: no sync URL for it, and its setuid answers 451', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'gavel-sync-activities-'));
  await mkdir(join(dir, 'accounts'));
  const rule = { condition: { componentName: ['beta'] }, allow: false };
  await writeFile(
    join(dir, 'accounts', 'strict.json'),
    JSON.stringify({ privacy: { allowactivities: { syncUser: { rules: [rule] } } } }),
  );
  const app = await buildTestApp(
    testConfig({ 'external-url': 'https://pbs.test', settings: { files: { dir } } }),
    {
      extraBidders: syncTestBidders,
    },
  );
  const sync = (account?: string) =>
    app.publicApp.inject({
      method: 'POST',
      url: '/cookie_sync',
      payload: { bidders: ['alpha', 'beta'], debug: true, ...(account ? { account } : {}) },
    });
  const strict = (await sync('strict')).json<{ bidder_status: { bidder: string }[]; debug?: unknown[] }>();
  assert.deepEqual(
    strict.bidder_status.map((s) => s.bidder),
    ['alpha'],
  );
  assert.deepEqual(strict.debug, [{ bidder: 'beta', error: 'Rejected by privacy' }]);
  const open = (await sync()).json<{ bidder_status: unknown[] }>();
  assert.equal(open.bidder_status.length, 2, 'no account: the host allows both');
  const denied = await app.publicApp.inject({
    method: 'GET',
    url: '/setuid?bidder=beta&uid=u1&account=strict',
  });
  assert.equal(denied.statusCode, 451);
  assert.equal(denied.headers['set-cookie'], undefined);
  const allowed = await app.publicApp.inject({
    method: 'GET',
    url: '/setuid?bidder=alpha&uid=u1&account=strict',
  });
  assert.equal(allowed.statusCode, 200);
  await app.closeResources();
});
