// User sync and consent from a real Prebid.js page: /cookie_sync → the bidder's sync pixel →
// Gavel's /setuid writes the uids cookie → the next auction carries the bidder's buyer uid; and the
// TCF consent-management module with a string consenting to one bidder's vendor only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bannerUnit, eventually, runAuction, s2sConfig, useWorld, type World } from './world.testkit.js';
import { consentString, GVL_VERSION, VENDOR_IDS } from './tcf.js';

let world: World;
useWorld((w) => (world = w));

test('cookie sync: /cookie_sync → sync pixel → /setuid cookie → buyer uid on the next auction', async () => {
  const { context, page } = await world.openPage();
  world.mock.clear();
  const config = { s2sConfig: s2sConfig(world.gavel, { bidders: ['alphabid'] }) };
  const first = await runAuction(page, { config, adUnits: [bannerUnit('sync-1')], timeoutMs: 3000 });
  assert.equal(first.bids.length, 1);
  assert.equal(world.mock.requests[0]?.body.user?.buyeruid, undefined, 'no uid before the sync');

  // Prebid.js posts /cookie_sync with the s2s bidders and fires the pixels it is handed.
  await eventually(
    () => world.gavel.seen.some((s) => s.path === '/setuid' && s.query.get('bidder') === 'alphabid'),
    'the sync pixel to reach /setuid',
  );
  await world.gavel.settled();
  const sync = world.gavel.seen.find((s) => s.path === '/cookie_sync');
  assert.equal(sync?.status, 200);
  assert.deepEqual(world.mock.syncs, ['alphabid']);
  const setuid = world.gavel.seen.find((s) => s.path === '/setuid');
  assert.equal(setuid?.status, 200);
  assert.equal(setuid?.query.get('uid'), world.mock.uidOf('alphabid'));
  // The browser stores the cookie once it has read the /setuid answer.
  let names: string[] = [];
  await eventually(
    () => names.includes('uids'),
    'the uids cookie in the browser',
    5000,
    async () => {
      names = (await context.cookies(world.gavel.origin)).map((c) => c.name);
    },
  );

  world.mock.clear();
  await page.reload();
  await page.waitForFunction(() => 'e2e' in window);
  const second = await runAuction(page, { config, adUnits: [bannerUnit('sync-2')], timeoutMs: 3000 });
  assert.equal(second.bids.length, 1);
  await world.gavel.settled();
  const auctionCall = world.gavel.seen.filter((s) => s.path === '/openrtb2/auction').at(-1);
  assert.match(String(auctionCall?.headers.cookie), /uids=/, 'the page sends the uids cookie to Gavel');
  assert.equal(world.mock.requests[0]?.body.user?.buyeruid, world.mock.uidOf('alphabid'));
});

/** One auction for both bidders with the TCF consent module set to a string consenting to `vendors`. */
async function consentAuction(vendors: number[]) {
  const { page, consoleErrors } = await world.openPage();
  world.mock.clear();
  const tcString = consentString(vendors);
  const out = await runAuction(page, {
    config: {
      s2sConfig: s2sConfig(world.gavel, { bidders: ['alphabid', 'betabid'] }),
      consentManagement: {
        gdpr: {
          cmpApi: 'static',
          timeout: 1000,
          consentData: { getTCData: { tcString, gdprApplies: true, eventStatus: 'tcloaded' } },
        },
      },
    },
    adUnits: [bannerUnit('tcf-1', ['alphabid', 'betabid'])],
    timeoutMs: 3000,
  });
  return { out, tcString, consoleErrors, called: world.mock.requests.map((r) => r.bidder).sort() };
}

test('TCF consent module: only the bidder whose vendor has consent is called', async () => {
  // Control: both vendors consented → both bidders are called.
  const both = await consentAuction([VENDOR_IDS.alphabid, VENDOR_IDS.betabid]);
  assert.deepEqual(both.called, ['alphabid', 'betabid'], both.consoleErrors.join('\n'));

  const { out, tcString, consoleErrors, called } = await consentAuction([VENDOR_IDS.alphabid]);
  await world.gavel.settled();
  const auctionCall = world.gavel.seen.filter((s) => s.path === '/openrtb2/auction').at(-1);
  assert.equal(auctionCall?.status, 200, consoleErrors.join('\n'));
  assert.deepEqual(called, ['alphabid'], 'betabid (vendor 902) has no consent and is not called');
  const request = world.mock.requests[0]?.body;
  assert.equal(request?.regs?.gdpr ?? (request?.regs?.ext as { gdpr?: number } | undefined)?.gdpr, 1);
  assert.equal(
    (request?.user as { consent?: string } | undefined)?.consent ??
      (request?.user?.ext as { consent?: string } | undefined)?.consent,
    tcString,
  );
  assert.deepEqual(
    out.bids.map((b) => b.bidder),
    ['alphabid'],
  );
  // Gavel fetched the vendor list version named in the string from the (local) vendor-list host.
  assert.ok(
    world.mock.gvlFetches.some((p) => p.endsWith(`/vendor-list-v${GVL_VERSION}.json`)),
    world.mock.gvlFetches.join(),
  );
});
