// Analytics through the server: the log adapter receives the auction, cookie-sync and notification
// records; an account whose reportAnalytics activity is denied leaves no auction record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { OutgoingRequest } from '../bidders/types.js';
import type { BidRequest } from '../openrtb/types.js';
import { buildTestApp, jsonResponse, scriptedTransport, testConfig } from '../../test/harness.js';
import { logAnalyticsWorld } from './analytics.testkit.js';

function oneBid(req: OutgoingRequest) {
  const body = JSON.parse(req.body ?? '{}') as BidRequest;
  return jsonResponse(200, {
    id: body.id,
    seatbid: [
      { bid: [{ id: 'b', impid: body.imp[0]?.id, price: 1, w: 300, h: 250, crid: 'c', adm: '<div/>' }] },
    ],
  });
}

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** One auction for `account` with a banner imp for the host bidder `alpha`, `ext` as given. */
function postAuction(app: TestApp, account: string, ext?: Record<string, unknown>) {
  return app.publicApp.inject({
    method: 'POST',
    url: '/openrtb2/auction',
    payload: {
      id: `r-${account}`,
      site: { page: 'https://p.example/', publisher: { id: account } },
      imp: [
        { id: 'i', banner: { format: [{ w: 300, h: 250 }] }, ext: { prebid: { bidder: { alpha: {} } } } },
      ],
      ...(ext ? { ext } : {}),
    },
  });
}

test('auction, cookie sync and event records reach the log adapter; a denied account reports nothing', async () => {
  const { file, config: world } = await logAnalyticsWorld({
    quiet: {
      events: { enabled: true },
      privacy: { allowactivities: { reportAnalytics: { default: false } } },
    },
    open: { events: { enabled: true } },
  });
  const config = testConfig(world);
  const app = await buildTestApp(config, { transport: scriptedTransport(oneBid) });
  assert.equal((await postAuction(app, 'open')).statusCode, 200);
  assert.equal((await postAuction(app, 'quiet')).statusCode, 200);
  await app.publicApp.inject({ method: 'POST', url: '/cookie_sync', payload: { bidders: ['alpha'] } });
  await app.publicApp.inject({ method: 'GET', url: '/event?t=win&b=b&a=open&bidder=alpha' });
  await app.closeResources();
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; request?: { id: string } });
  const auctions = lines.filter((l) => l.kind === 'auction').map((l) => l.request?.id);
  assert.deepEqual(auctions, ['r-open'], 'the quiet account denied reportAnalytics');
  assert.ok(lines.some((l) => l.kind === 'cookieSync'));
  assert.ok(lines.some((l) => l.kind === 'notification'));
});

test('the auction record carries the request the auction core bid with: floors signalled, as upstream', async () => {
  const { file, config: world } = await logAnalyticsWorld({});
  const config = testConfig({
    ...world,
    'price-floors': { enabled: true, 'default-account': { enabled: true } },
  });
  const app = await buildTestApp(config, { transport: scriptedTransport(oneBid) });
  const res = await postAuction(app, 'pub', {
    prebid: {
      floors: { data: { modelgroups: [{ schema: { fields: ['mediaType'] }, values: { banner: 0.5 } }] } },
    },
  });
  assert.equal(res.statusCode, 200);
  await app.closeResources();
  const line = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; request?: BidRequest })
    .find((l) => l.kind === 'auction');
  const request = line?.request;
  assert.equal(request?.imp[0]?.bidfloor, 0.5, 'the imp floor as signalled to the bidders');
  assert.equal(request?.imp[0]?.bidfloorcur, 'USD');
  const floors = (request?.ext?.['prebid'] as { floors?: Record<string, unknown> } | undefined)?.floors;
  assert.equal(floors?.['location'], 'request');
  assert.equal(floors?.['fetchstatus'], 'none');
  assert.equal(floors?.['skipped'], false);
});
