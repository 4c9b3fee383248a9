// End to end over real sockets (issue 5 "Must show"): the auction server and the cache service both
// listening on loopback; a banner and a video bidder; cache.bids + cache.vastxml; retrieval of the
// bid JSON and the VAST through hb_cache_host/hb_cache_path; then the cache stopped → 200 + error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { createLogger, loadConfig, randomIds, systemClock } from '@gavel/common';
import { createCacheApp, CacheConfigSchema, CACHE_ENV_PREFIX } from '@gavel/cache';
import { createApp } from '../src/app.js';
import type { CacheTransport } from '../src/cache-client/cache-client.js';
import { bidFor, buildTestApp, scriptedTransport, testConfig } from './harness.js';

const VAST = '<VAST version="3.0"><Ad id="v1"><InLine><AdSystem>x</AdSystem></InLine></Ad></VAST>';

async function mockBidder(
  price: number,
  mtype: number,
  adm: string,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = JSON.parse(body) as { id: string; imp: { id: string }[] };
      const bids = r.imp.map((imp) => ({
        id: `b-${imp.id}`,
        impid: imp.id,
        price,
        w: 640,
        h: 480,
        crid: 'c',
        mtype,
        adm,
      }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: r.id, cur: 'USD', seatbid: [{ bid: bids }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bid` };
}

const closeServer = (s: Server) =>
  new Promise<void>((resolve) => {
    s.closeAllConnections();
    s.close(() => resolve());
  });

async function startCache() {
  const config = loadConfig(CacheConfigSchema, {
    argv: [],
    env: {},
    envPrefix: CACHE_ENV_PREFIX,
    overrides: [],
  }).config;
  const app = await createCacheApp(config, {
    logger: createLogger({ level: 'silent', name: 'cache-e2e' }),
    version: { version: 'test', revision: 'test' },
  });
  const address = await app.publicApp.listen({ host: '127.0.0.1', port: 0 });
  const stop = async () => {
    await app.publicApp.close();
    await app.adminApp.close();
    await app.closeResources();
  };
  return { address, host: new URL(address).host, stop };
}

const auctionBody = {
  id: 'money-e2e',
  site: { page: 'https://pub.example/', publisher: { id: 'p1' } },
  imp: [
    {
      id: 'imp-banner',
      banner: { format: [{ w: 300, h: 250 }] },
      ext: { core: { bidder: { bannerco: {} } } },
    },
    {
      id: 'imp-video',
      video: { mimes: ['video/mp4'], w: 640, h: 480, protocols: [2] },
      ext: { core: { bidder: { videoco: {} } } },
    },
  ],
  tmax: 1000,
  ext: {
    core: {
      targeting: { includewinners: true, includebidderkeys: true, pricegranularity: 'med' },
      cache: { bids: {}, vastxml: {} },
    },
  },
};

interface Resp {
  seatbid: {
    seat: string;
    bid: {
      impid: string;
      adm?: string;
      ext: {
        core: { targeting: Record<string, string>; cache?: Record<string, { url: string; cacheId: string }> };
      };
    }[];
  }[];
  ext?: { errors?: Record<string, { code: number; message: string }[]> };
}

/** The auction server on loopback with the two mock bidders and the cache service (public keys on it). */
async function startMoneyApp(o: { bannerUrl: string; videoUrl: string; cacheHost: string }) {
  const config = testConfig({
    bidders: {
      bannerco: { endpoint: o.bannerUrl, capabilities: { site: ['banner'] } },
      videoco: { endpoint: o.videoUrl, capabilities: { site: ['video'] } },
    },
    cache: {
      host: o.cacheHost,
      'public-scheme': 'http',
      'public-host': o.cacheHost,
      'public-path': '/cache',
      'timeout-ms': 500,
    },
  });
  const app = await createApp(config, {
    logger: createLogger({ level: 'silent', name: 'money-e2e' }),
    version: { version: 'test', revision: 'test' },
    clock: systemClock,
    ids: randomIds,
  });
  const address = await app.publicApp.listen({ host: '127.0.0.1', port: 0 });
  return { app, address };
}

/** Both bids carry the cache keys of their bid JSON (and the video one of its VAST); their targeting. */
function assertCachedBids(body: Resp, cacheHost: string) {
  const bidOf = (seat: string) => body.seatbid.find((s) => s.seat === seat)?.bid[0];
  const b = bidOf('bannerco');
  const v = bidOf('videoco');
  assert.ok(b && v, JSON.stringify(body));
  const bt = b.ext.core.targeting;
  const vt = v.ext.core.targeting;
  assert.equal(bt.hb_pb, '1.20');
  assert.equal(bt.hb_bidder, 'bannerco');
  assert.equal(bt.hb_cache_host, cacheHost);
  assert.equal(bt.hb_cache_path, '/cache');
  assert.ok(bt.hb_cache_id, JSON.stringify(bt));
  assert.equal(bt.hb_cache_id_bannerco, bt.hb_cache_id);
  assert.equal(bt.hb_uuid, undefined, 'VAST only for video bids');
  assert.ok(vt.hb_uuid && vt.hb_cache_id, JSON.stringify(vt));
  assert.equal(vt.hb_uuid_videoco, vt.hb_uuid);
  assert.deepEqual(b.ext.core.cache?.bids, {
    url: `http://${cacheHost}/cache?uuid=${bt.hb_cache_id}`,
    cacheId: bt.hb_cache_id,
  });
  assert.equal(v.ext.core.cache?.vastXml?.cacheId, vt.hb_uuid);
  return { bt, vt };
}

/** Retrieval of the bid JSON and the VAST through the keys the ad server gets. */
async function assertRetrieval(bt: Record<string, string>, vt: Record<string, string>) {
  const get = (id: string | undefined) => request(`http://${bt.hb_cache_host}${bt.hb_cache_path}?uuid=${id}`);
  const jsonRes = await get(bt.hb_cache_id);
  assert.equal(jsonRes.statusCode, 200);
  assert.match(String(jsonRes.headers['content-type']), /application\/json/);
  const stored = (await jsonRes.body.json()) as { id: string; impid: string; price: number; adm: string };
  assert.equal(stored.impid, 'imp-banner');
  assert.equal(stored.price, 1.27);
  assert.equal(stored.adm, '<div>banner</div>');
  const xmlRes = await get(vt.hb_uuid);
  assert.equal(xmlRes.statusCode, 200);
  assert.match(String(xmlRes.headers['content-type']), /application\/xml/);
  assert.equal(await xmlRes.body.text(), VAST);
}

/** An answer while the cache is down: no cache keys, one error naming the failed cache call. */
function assertCacheDownAnswer(down: Resp, cacheHost: string) {
  for (const s of down.seatbid) {
    for (const bid of s.bid) {
      const keys = Object.keys(bid.ext.core.targeting);
      assert.ok(keys.includes('hb_pb'), keys.join());
      assert.ok(!keys.some((k) => k.startsWith('hb_cache') || k.startsWith('hb_uuid')), keys.join());
      assert.equal(bid.ext.core.cache, undefined);
    }
  }
  const errors = down.ext?.errors?.core ?? [];
  assert.equal(errors.length, 1, JSON.stringify(down.ext));
  assert.match(
    errors[0]!.message,
    new RegExp(`^Cache call to http://${cacheHost.replace('.', '\\.')}/cache failed`),
  );
}

test('auction with cache.bids + cache.vastxml stores the bid and the VAST; a stopped cache still answers 200', async () => {
  const banner = await mockBidder(1.27, 1, '<div>banner</div>');
  const video = await mockBidder(4.44, 2, VAST);
  const cache = await startCache();
  const { app, address } = await startMoneyApp({
    bannerUrl: banner.url,
    videoUrl: video.url,
    cacheHost: cache.host,
  });
  const auction = async (): Promise<Resp> => {
    const res = await request(`${address}/openrtb2/auction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(auctionBody),
    });
    const text = await res.body.text();
    assert.equal(res.statusCode, 200, text);
    return JSON.parse(text) as Resp;
  };
  try {
    const { bt, vt } = assertCachedBids(await auction(), cache.host);
    await assertRetrieval(bt, vt);

    // The cache service goes away: the auction still answers 200, without cache keys, with an error.
    await cache.stop();
    assertCacheDownAnswer(await auction(), cache.host);
  } finally {
    await app.publicApp.close();
    await app.closeResources();
    await cache.stop().catch(() => undefined);
    await Promise.all([closeServer(banner.server), closeServer(video.server)]);
  }
});

/** A cache stub answering uuids "0", "1", … and recording every put into `puts`. */
function recordingCache(puts: unknown[]): CacheTransport {
  return async (body) => {
    const n = (JSON.parse(body) as { puts: unknown[] }).puts.length;
    puts.push(...(JSON.parse(body) as { puts: unknown[] }).puts);
    return {
      status: 200,
      body: JSON.stringify({ responses: Array.from({ length: n }, (_v, i) => ({ uuid: String(i) })) }),
    };
  };
}

const eurAuctionBody = {
  id: 'r1',
  cur: ['EUR'],
  site: { page: 'https://pub.example/', publisher: { id: 'p1' } },
  imp: [{ id: 'imp-1', banner: { format: [{ w: 300, h: 250 }] }, ext: { core: { bidder: { alpha: {} } } } }],
  ext: { core: { targeting: { includewinners: true }, cache: { bids: {} } } },
};

test('in-process: /status waits for the first rates load; conversion, targeting and cache stub through createApp', async () => {
  let release: (text: string) => void = () => undefined;
  const firstLoad = new Promise<string>((resolve) => (release = resolve));
  const puts: unknown[] = [];
  const transport = scriptedTransport((req) => bidFor(req, 1.25));
  const app = await buildTestApp(
    testConfig({
      bidders: { alpha: { endpoint: 'http://alpha.test/bid', capabilities: { site: ['banner'] } } },
      currency: { 'rates-url': 'http://rates.test/latest.json' },
      cache: { 'public-host': 'www.pbcserver.com', 'public-path': '/pbcache/endpoint' },
    }),
    { transport, currencyRatesLoad: () => firstLoad, cacheTransport: recordingCache(puts) },
  );
  try {
    const notYet = await app.publicApp.inject({ method: 'GET', url: '/status' });
    assert.equal(notYet.statusCode, 503);
    release(JSON.stringify({ dataAsOf: '2026-11-01', conversions: { USD: { EUR: 0.9 } } }));
    await firstLoad;
    await new Promise((r) => setImmediate(r));
    assert.equal((await app.publicApp.inject({ method: 'GET', url: '/status' })).statusCode, 200);
    const rates = await app.adminApp.inject({ method: 'GET', url: '/currency/rates' });
    assert.deepEqual(rates.json<{ info: { rates: unknown } }>().info.rates, { USD: { EUR: 0.9 } });

    const res = await app.publicApp.inject({
      method: 'POST',
      url: '/openrtb2/auction',
      payload: eurAuctionBody,
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<Resp & { cur: string }>();
    assert.equal(body.cur, 'EUR');
    const bid = body.seatbid[0]!.bid[0]! as Resp['seatbid'][number]['bid'][number] & {
      price: number;
      ext: { origbidcpm: number };
    };
    assert.equal(bid.price, 1.125);
    assert.equal(bid.ext.origbidcpm, 1.25);
    assert.deepEqual(bid.ext.core.targeting, {
      hb_pb: '1.10',
      hb_bidder: 'alpha',
      hb_size: '300x250',
      hb_cache_id: '0',
      hb_cache_host: 'www.pbcserver.com',
      hb_cache_path: '/pbcache/endpoint',
    });
    assert.equal(puts.length, 1);
  } finally {
    await app.closeResources();
  }
});
