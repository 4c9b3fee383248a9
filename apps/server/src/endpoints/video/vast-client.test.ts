// The VAST the video endpoint caches is readable by a real VAST client (issue 19): a video auction
// in-process with a pod bidder answering VAST (adm) and a nurl, events on for the account so the
// impression tracker is injected, a cache fake keeping the puts; each adPods hb_cache_id is looked
// up in the cache and parsed with @dailymotion/vast-client (its DOM from @xmldom/xmldom).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { POD_VIDEO, inlineVast, podApp, podBidder } from './video.testkit.js';

/** The parts of vast-client's VASTResponse this test reads. */
interface ParsedVast {
  version: string;
  ads: {
    id: string | null;
    VASTAdTagURI?: string;
    impressionURLTemplates: { id: string | null; url: string }[];
    creatives: { type: string; duration?: number; mediaFiles?: { fileURL: string }[] }[];
  }[];
}

async function readWithVastClient(xml: string): Promise<ParsedVast> {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  // No fetcher: the client does not follow wrappers; it reports their VASTAdTagURI instead.
  return (await new VASTParser().parseVAST(doc)) as ParsedVast;
}

const NURL = 'https://bidder.example/win?id=42&price=${AUCTION_PRICE}';

/** Is `u` the impression tracker the auction injects for bid `bidId` of seat alpha (f=b, G)? */
const isTracker =
  (bidId: string) =>
  (u: { url: string }): boolean => {
    const url = new URL(u.url);
    const q = Object.fromEntries(url.searchParams);
    return (
      url.origin + url.pathname === 'http://localhost:8000/event' &&
      q['t'] === 'imp' &&
      q['b'] === bidId &&
      q['a'] === 'tv-pub' &&
      q['bidder'] === 'alpha' &&
      q['f'] === 'b'
    );
  };

/**
 * One 60 s pod through the endpoint: alpha answers VAST on 1_0 and only a nurl on 1_1. Returns the
 * cached XML by hb_pb_cat_dur (following each adPods hb_cache_id into the cache).
 */
async function cachedPod(): Promise<Map<string, string>> {
  const pa = await podApp({
    bidders: [podBidder('alpha', { vastChanges: true })],
    storedImps: { pod: { ext: { alpha: { zone: 7 } } } },
    config: { settings: { 'default-account': { 'events-enabled': true } } },
    answer: (impId) =>
      impId === '1_0'
        ? { price: 4, dur: 30, adm: inlineVast('spot-1', 30) }
        : impId === '1_1'
          ? { price: 3, dur: 15, nurl: NURL }
          : undefined,
  });
  try {
    const res = await pa.post({
      site: { page: 'https://tv.example/show', publisher: { id: 'tv-pub' } },
      video: POD_VIDEO,
      podconfig: { durationrangesec: [15, 30], pods: [{ podid: 1, adpoddurationsec: 60, configid: 'pod' }] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const pods = res.json<{ adPods: { targeting: Record<string, string>[] }[] }>().adPods;
    const out = new Map<string, string>();
    for (const t of pods[0]?.targeting ?? []) {
      const put = pa.cache.stored.get(t['hb_cache_id'] ?? '');
      assert.equal(put?.type, 'xml');
      out.set(t['hb_pb_cat_dur'] ?? '', String(put?.value));
    }
    return out;
  } finally {
    await pa.app.closeResources();
  }
}

test('cached VAST parses with @dailymotion/vast-client: the ad, its creative and the injected impression tracker', async () => {
  const cached = await cachedPod();
  assert.deepEqual([...cached.keys()].sort(), ['3.00_15s', '4.00_30s']);

  // adm: the bidder's InLine ad, its own impression URL kept and the tracker added.
  const inline = await readWithVastClient(cached.get('4.00_30s') ?? '');
  assert.equal(inline.version, '3.0');
  assert.equal(inline.ads.length, 1);
  const ad = inline.ads[0];
  assert.equal(ad?.id, 'spot-1');
  const linear = ad?.creatives.find((c) => c.type === 'linear');
  assert.equal(linear?.duration, 30);
  assert.deepEqual(
    linear?.mediaFiles?.map((m) => m.fileURL),
    ['https://cdn.example/spot-1.mp4'],
  );
  const urls = ad?.impressionURLTemplates ?? [];
  assert.ok(
    urls.some((u) => u.url === 'https://adserver.example/imp?ad=spot-1'),
    JSON.stringify(urls),
  );
  assert.equal(urls.filter(isTracker('alpha-1_0')).length, 1, JSON.stringify(urls));

  // nurl only: a Wrapper pointing at the nurl, with the tracker as its impression.
  const wrapper = await readWithVastClient(cached.get('3.00_15s') ?? '');
  assert.equal(wrapper.ads.length, 1);
  assert.equal(wrapper.ads[0]?.VASTAdTagURI, NURL);
  const wrapperUrls = wrapper.ads[0]?.impressionURLTemplates ?? [];
  assert.equal(wrapperUrls.filter(isTracker('alpha-1_1')).length, 1, JSON.stringify(wrapperUrls));
});
