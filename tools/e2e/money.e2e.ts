// Money from a real Prebid.js page: the currency module (ad-server currency EUR, a local rates file
// shared with Gavel), the priceFloors module's floor reaching the bidder, and the win event URL that
// Prebid.js fires when the bid is rendered reaching Gavel's /event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bannerUnit,
  captureAuctions,
  eventually,
  runAuction,
  s2sConfig,
  useWorld,
  type World,
} from './world.testkit.js';
import { EVENTS_ACCOUNT } from './services.js';

let world: World;
useWorld((w) => (world = w));

test('currency module: EUR ad-server currency, Gavel converts with the same rates file', async () => {
  const { page } = await world.openPage();
  world.mock.clear();
  const exchanges = captureAuctions(page);
  const out = await runAuction(page, {
    config: {
      s2sConfig: s2sConfig(world.gavel),
      currency: { adServerCurrency: 'EUR', conversionRateFile: `${world.pages.origin}/rates.json` },
    },
    adUnits: [bannerUnit('cur-1')],
    timeoutMs: 3000,
  });
  assert.ok(world.pages.hits.includes('/rates.json'), 'Prebid.js loaded the local rates file');
  await eventually(() => exchanges[0]?.response !== undefined, 'the auction response');
  assert.deepEqual(exchanges[0]?.request?.cur, ['EUR'], 'Prebid.js asks for EUR');
  assert.equal(exchanges[0]?.response?.cur, 'EUR', 'Gavel answers in the requested currency');
  const bid = out.bids[0];
  assert.ok(bid, 'a bid');
  // 2.00 USD × 0.5 (fixtures/rates.json) = 1.00 EUR.
  assert.equal(bid.currency, 'EUR');
  assert.equal(bid.cpm, 1);
  assert.equal(out.targeting['cur-1']?.hb_pb, '1.00');
});

test('priceFloors module: the floor reaches the bidder as imp.bidfloor', async () => {
  const { page } = await world.openPage();
  world.mock.clear();
  const out = await runAuction(page, {
    config: {
      s2sConfig: s2sConfig(world.gavel),
      floors: {
        enforcement: { enforceJS: false },
        data: { currency: 'USD', schema: { fields: ['mediaType'] }, values: { banner: 1.75 } },
      },
    },
    adUnits: [bannerUnit('floor-1')],
    timeoutMs: 3000,
  });
  assert.equal(out.bids.length, 1);
  const imp = world.mock.requests[0]?.body.imp[0];
  assert.equal(imp?.bidfloor, 1.75, JSON.stringify(imp));
  assert.equal(imp?.bidfloorcur, 'USD');
});

test('events: rendering the bid fires its win URL, which reaches Gavel /event', async () => {
  const { page } = await world.openPage();
  const out = await runAuction(page, {
    config: { s2sConfig: s2sConfig(world.gavel, { accountId: EVENTS_ACCOUNT }) },
    adUnits: [bannerUnit('event-1')],
    timeoutMs: 3000,
  });
  const bid = out.bids[0];
  assert.ok(bid, 'a bid');
  const win = bid.eventtrackers?.find((t) => t.event === 500)?.url;
  assert.ok(win?.startsWith(`${world.gavel.origin}/event?t=win`), JSON.stringify(bid.eventtrackers));
  await page.evaluate(
    ([adId]) =>
      (window as unknown as { e2e: { render(s: string, a: string): void } }).e2e.render('slot-banner', adId),
    [bid.adId] as const,
  );
  const isWin = (s: (typeof world.gavel.seen)[number]) => s.path === '/event' && s.query.get('t') === 'win';
  await eventually(() => world.gavel.seen.some(isWin), 'GET /event?t=win');
  const event = world.gavel.seen.find(isWin);
  assert.equal(event?.status, 200, 'answered (empty body, docs/decisions.md "Events: GET /event answers")');
  assert.equal(event?.query.get('a'), EVENTS_ACCOUNT);
  assert.equal(event?.query.get('bidder'), 'alphabid');
  assert.match(event?.query.get('b') ?? '', /^alphabid-\d+-event-1$/);
});
