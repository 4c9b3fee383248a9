// Prebid.js (npm, bundled with esbuild) in headless Chromium against both Gavel services: banner,
// video and native ad units get bids; ad-server targeting carries the cache ids; renderAd shows the
// creative (screenshot in output/); the cached VAST parses with @dailymotion/vast-client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { BANNER_ADM } from './mock-bidders.js';
import {
  bannerUnit,
  eventually,
  OUTPUT_DIR,
  TARGETING_CONTROLS,
  runAuction,
  s2sConfig,
  useWorld,
  type World,
} from './world.testkit.js';

let world: World;
useWorld((w) => (world = w));

const videoUnit = {
  code: 'video-1',
  mediaTypes: {
    video: { context: 'instream', playerSize: [[640, 480]], mimes: ['video/mp4'], protocols: [2, 3] },
  },
  bids: [{ bidder: 'alphabid', params: {} }],
};

const nativeUnit = {
  code: 'native-1',
  mediaTypes: {
    native: {
      ortb: {
        ver: '1.2',
        assets: [
          { id: 1, required: 1, title: { len: 80 } },
          { id: 2, required: 1, img: { type: 3, w: 300, h: 250 } },
        ],
      },
    },
  },
  bids: [{ bidder: 'alphabid', params: {} }],
};

test('banner, video and native ad units get bids through Gavel, with cache ids in the targeting', async () => {
  const { page, consoleErrors } = await world.openPage();
  world.mock.clear();
  const out = await runAuction(page, {
    config: { s2sConfig: s2sConfig(world.gavel), targetingControls: TARGETING_CONTROLS },
    adUnits: [bannerUnit('banner-1'), videoUnit, nativeUnit],
    timeoutMs: 3000,
  });
  const byUnit = (code: string) => out.bids.find((b) => b.adUnitCode === code);
  const banner = byUnit('banner-1');
  const video = byUnit('video-1');
  const native = byUnit('native-1');
  assert.ok(
    banner && video && native,
    `bids: ${JSON.stringify(out.bids)}; errors: ${consoleErrors.join('\n')}`,
  );
  assert.equal(world.mock.requests.length, 1, 'one bidder call for the three imps');

  assert.equal(banner.mediaType, 'banner');
  assert.equal(banner.cpm, 2);
  assert.equal(banner.currency, 'USD');
  assert.equal(video.mediaType, 'video');
  assert.equal(native.mediaType, 'native');
  assert.equal((native.native as { title?: string }).title, 'Gavel native by alphabid');

  const t = out.targeting;
  assert.equal(t['banner-1']?.hb_bidder, 'alphabid');
  assert.equal(t['banner-1']?.hb_pb, '2.00');
  assert.match(t['banner-1']?.hb_cache_id ?? '', /^[0-9a-f-]{36}$/, JSON.stringify(t['banner-1']));
  assert.match(t['video-1']?.hb_uuid ?? '', /^[0-9a-f-]{36}$/, JSON.stringify(t['video-1']));
  // Prebid.js sets both keys of a video bid to its videoCacheKey, the cached VAST's id.
  assert.equal(t['video-1']?.hb_cache_id, t['video-1']?.hb_uuid);
  assert.equal(video.videoCacheKey, t['video-1']?.hb_uuid);
  assert.match(t['native-1']?.hb_cache_id ?? '', /^[0-9a-f-]{36}$/, JSON.stringify(t['native-1']));

  // The ad server's creative fetches the cached bid through hb_cache_host/hb_cache_path.
  const cached = await page.evaluate(
    async (url) => (await (await fetch(url)).json()) as { adm?: string },
    cacheUrl(t['banner-1']),
  );
  assert.equal(cached.adm, BANNER_ADM('alphabid'));
});

test('renderAd writes the banner creative into the page (screenshot output/banner.png)', async () => {
  const { page } = await world.openPage();
  const out = await runAuction(page, {
    config: { s2sConfig: s2sConfig(world.gavel) },
    adUnits: [bannerUnit('banner-1')],
    timeoutMs: 3000,
  });
  const bid = out.bids[0];
  assert.ok(bid, 'a banner bid');
  await page.evaluate(
    ([adId]) =>
      (window as unknown as { e2e: { render(s: string, a: string): void } }).e2e.render('slot-banner', adId),
    [bid.adId] as const,
  );
  // Prebid.js renders into a frame of its own inside the slot's iframe: look in every frame.
  let text = '';
  await eventually(
    () => text.includes('Gavel e2e'),
    'the creative in a frame',
    5000,
    async () => {
      for (const f of page.frames()) {
        const el = await f.$('#gavel-e2e-creative');
        if (el) text = await el.innerText();
      }
    },
  );
  assert.match(text, /Gavel e2e · alphabid/);
  await page.screenshot({ path: join(OUTPUT_DIR, 'banner.png') });
});

function cacheUrl(keys: Record<string, string> | undefined): string {
  return `http://${keys?.hb_cache_host}${keys?.hb_cache_path}?uuid=${keys?.hb_cache_id}`;
}

interface ParsedVast {
  ads: { id: string | null; creatives: { type: string; duration?: number }[] }[];
}

test('the cached VAST is served by the cache service and parses with @dailymotion/vast-client', async () => {
  const { page } = await world.openPage();
  const out = await runAuction(page, {
    config: { s2sConfig: s2sConfig(world.gavel) },
    adUnits: [videoUnit],
    timeoutMs: 3000,
  });
  const video = out.bids[0];
  assert.ok(video?.vastUrl, JSON.stringify(out.bids));
  assert.ok(video.vastUrl.startsWith(`${world.gavel.cacheOrigin}/cache?uuid=`), video.vastUrl);
  // The player fetches the VAST from the page, cross-origin.
  const xml = await page.evaluate(async (url) => (await fetch(url)).text(), video.vastUrl);
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const parsed = (await new VASTParser().parseVAST(doc)) as ParsedVast;
  assert.equal(parsed.ads.length, 1);
  assert.equal(parsed.ads[0]?.id, 'e2e-video');
  const linear = parsed.ads[0]?.creatives.find((c) => c.type === 'linear');
  assert.equal(linear?.duration, 15);
});
