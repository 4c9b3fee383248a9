// Steps 9–11 together: rank → cache → target, with an injected cache transport.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCacheClient, type CacheTransport } from '../../cache-client/cache-client.js';
import type { AuctionBid, AuctionContext } from '../types.js';
import { rankBids } from './rank-bids.js';
import { cacheBids } from './cache-bids.js';
import { writeTargeting } from './write-targeting.js';
import { newAuctionBid } from '../auction-bid.js';
import { definedMembers as defined } from '../context.testkit.js';

function ctx(ext: Record<string, unknown>, over: Partial<AuctionContext> = {}): AuctionContext {
  return {
    ns: 'core',
    endpoint: 'auction',
    request: {
      id: 'r',
      imp: [
        { id: 'i1', exp: 0 },
        { id: 'i2', exp: 120 },
      ],
      ext,
    },
    account: { id: '', disabled: false, debugAllowed: false, cacheTtl: { video: 900 }, eventsEnabled: false },
    http: { cookies: {}, headers: {} },
    startedAt: 0,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
    ...over,
  };
}

/** `type` defaults to banner; `extra` fields go into the bid. */
interface BidMore {
  type?: 'banner' | 'video';
  extra?: Partial<AuctionBid['bid']>;
}

const bid = (
  bidder: string,
  impid: string,
  price: number,
  { type = 'banner', extra = {} }: BidMore = {},
): AuctionBid => ({
  bidder,
  seat: bidder,
  adapterCode: bidder,
  bid: { id: `${bidder}-${impid}-${price}`, impid, price, w: 300, h: 250, adm: `<ad ${bidder}>`, ...extra },
  type,
  originalPrice: price,
  originalCurrency: 'USD',
});

function recordingTransport(answer?: (n: number) => { status: number; body: string }) {
  const seen: { puts: { type: string; value: unknown; ttlseconds?: number }[] }[] = [];
  const transport: CacheTransport = async (body) => {
    const parsed = JSON.parse(body) as (typeof seen)[number];
    seen.push(parsed);
    if (answer) return answer(parsed.puts.length);
    return {
      status: 200,
      body: JSON.stringify({ responses: parsed.puts.map((_p, i) => ({ uuid: String(i) })) }),
    };
  };
  return { seen, transport };
}

const client = (transport: CacheTransport) =>
  createCacheClient({
    scheme: 'http',
    host: 'cache.internal:2424',
    path: '/cache',
    publicScheme: 'https',
    publicHost: 'www.pbcserver.com',
    publicPath: '/pbcache/endpoint',
    timeoutMs: 50,
    connections: 1,
    transport,
  });

const defaultTtl = { banner: 300, video: 1500, native: 300, audio: 1500 };
const where = { cacheHost: 'www.pbcserver.com', cachePath: '/pbcache/endpoint' };

async function run(c: AuctionContext, bids: AuctionBid[], transport: CacheTransport) {
  const ranked = rankBids(c, bids);
  const cached = await cacheBids(c, ranked.bids, { cacheClient: client(transport), defaultTtl });
  const targeted = await writeTargeting(c, cached.bids, where);
  return { bids: targeted.bids, errors: cached.errors };
}

test('winner and bidder keys, cache ids, VAST only for video, TTL order, returnCreative false', async () => {
  const c = ctx({
    core: {
      targeting: { includewinners: true, includebidderkeys: true, pricegranularity: 'dense' },
      cache: { bids: { returnCreative: false }, vastxml: { ttlseconds: 60 } },
    },
  });
  const { seen, transport } = recordingTransport();
  const bids = [
    bid('appnexus', 'i1', 1.5),
    bid('rubicon', 'i1', 2.2),
    bid('appnexus', 'i1', 1.0),
    bid('videobidder', 'i2', 7.77, { type: 'video', extra: { exp: 0 } }),
  ];
  const { bids: out, errors } = await run(c, bids, transport);
  assert.deepEqual(errors, {});
  assert.equal(seen.length, 1, 'one batch');
  // appnexus 1.5 (top), rubicon 2.2 (winner), video json + xml; appnexus 1.0 not cached.
  assert.deepEqual(
    seen[0]!.puts.map((p) => [p.type, p.ttlseconds]),
    [
      ['json', 300],
      ['json', 300],
      ['json', 120],
      ['xml', 120],
    ],
  );
  assert.equal(seen[0]!.puts[3]!.value, '<ad videobidder>');
  const [apn, rub, apnLow, vid] = out;
  assert.equal(rub!.targeting!.hb_pb, '2.20');
  assert.equal(rub!.targeting!.hb_cache_id, '1');
  assert.equal(rub!.targeting!.hb_cache_id_rubicon, '1');
  assert.equal(rub!.targeting!.hb_cache_host, 'www.pbcserver.com');
  assert.equal(rub!.targeting!.hb_cache_path, '/pbcache/endpoint');
  assert.deepEqual(rub!.cache, {
    bids: { url: 'https://www.pbcserver.com/pbcache/endpoint?uuid=1', cacheId: '1' },
  });
  assert.equal(rub!.bid.adm, undefined, 'returnCreative false strips adm of cached bids');
  assert.equal(apn!.targeting!.hb_pb, undefined, 'not a winner');
  assert.equal(apn!.targeting!.hb_pb_appnexus, '1.50');
  assert.equal(apn!.targeting!.hb_cache_id_appnexus, '0');
  assert.equal(apnLow!.targeting, undefined);
  assert.equal(apnLow!.bid.adm, '<ad appnexus>', 'uncached bids keep adm');
  assert.equal(vid!.targeting!.hb_uuid, '3');
  assert.equal(vid!.targeting!.hb_cache_id, '2');
  assert.equal(vid!.targeting!['hb_uuid_videobidder'], '3');
  assert.equal(vid!.targeting!['hb_cache_id_videobid'], '2');
  assert.equal(vid!.cache?.vastXml?.cacheId, '3');
  assert.equal(vid!.bid.adm, undefined);
  for (const b of out) for (const k of Object.keys(b.targeting ?? {})) assert.ok(k.length <= 20, k);
});

test('cache failure: no cache keys, one error under the namespace key, bids kept', async () => {
  const c = ctx({ core: { targeting: { includewinners: true }, cache: { bids: {} } } });
  const { transport } = recordingTransport(() => ({ status: 500, body: 'boom' }));
  const { bids: out, errors } = await run(c, [bid('a', 'i1', 1)], transport);
  assert.equal(out.length, 1);
  assert.deepEqual(Object.keys(out[0]!.targeting!).sort(), ['hb_bidder', 'hb_pb', 'hb_size']);
  assert.match(
    errors.core?.[0]?.message ?? '',
    /Cache call to http:\/\/cache\.internal:2424\/cache failed: status 500: boom/,
  );
  const thrown = await run(c, [bid('a', 'i1', 1)], () => Promise.reject(new Error('ECONNREFUSED')));
  assert.match(thrown.errors.core?.[0]?.message ?? '', /failed: ECONNREFUSED/);
  const short = await run(c, [bid('a', 'i1', 1)], async () => ({ status: 200, body: '{"responses":[]}' }));
  assert.match(short.errors.core?.[0]?.message ?? '', /doesn't match/);
});

test('no targeting → nothing cached or targeted; both flags false → no keys', async () => {
  const { seen, transport } = recordingTransport();
  const none = await run(ctx({ core: { cache: { bids: {} } } }), [bid('a', 'i1', 1)], transport);
  assert.equal(none.bids[0]!.targeting, undefined);
  const off = await run(
    ctx({ core: { targeting: { includeformat: true }, cache: { bids: {} } } }),
    [bid('a', 'i1', 1)],
    transport,
  );
  assert.equal(off.bids[0]!.targeting, undefined);
  assert.equal(seen.length, 0);
});

test('preferdeals, alwaysincludedeals, includeformat, hb_env for apps; no cache → host keys absent', async () => {
  const ext = {
    core: {
      targeting: { includewinners: true, preferdeals: true, alwaysincludedeals: true, includeformat: true },
    },
  };
  const cc = ctx(ext, { request: { id: 'r', imp: [{ id: 'i1' }], app: { id: 'app' }, ext } });
  const bids = [
    bid('a', 'i1', 9),
    bid('b', 'i1', 1, { type: 'banner', extra: { dealid: 'D1' } }),
    bid('c', 'i1', 0.5, { type: 'banner', extra: { dealid: 'D2' } }),
  ];
  const { transport } = recordingTransport();
  const { bids: out } = await run(cc, bids, transport);
  assert.equal(out[0]!.targeting, undefined);
  assert.equal(out[1]!.targeting!.hb_bidder, 'b');
  assert.equal(out[1]!.targeting!.hb_deal, 'D1');
  assert.equal(out[1]!.targeting!.hb_deal_b, 'D1');
  assert.equal(out[1]!.targeting!.hb_format, 'banner');
  assert.equal(out[1]!.targeting!.hb_env, 'mobile-app');
  assert.equal(out[2]!.targeting!.hb_deal_c, 'D2');
  assert.equal(out[2]!.targeting!.hb_pb, undefined);
  assert.equal(out[1]!.targeting!.hb_cache_host, undefined);
});

test('caching asked without a configured cache → error entry, auction goes on', async () => {
  const c = ctx({ core: { targeting: { includewinners: true }, cache: { bids: {} } } });
  const ranked = rankBids(c, [bid('a', 'i1', 1)]);
  const r = await cacheBids(c, ranked.bids, { defaultTtl });
  assert.equal(r.bids.length, 1);
  assert.match(r.errors.core?.[0]?.message ?? '', /no cache service is configured/);
});

test('without a configured cache, only what would have been put is an error', async () => {
  const c = ctx({ core: { targeting: { includewinners: true }, cache: { vastxml: {} } } });
  const banner = rankBids(c, [bid('a', 'i1', 1)]);
  assert.deepEqual((await cacheBids(c, banner.bids, { defaultTtl })).errors, {}, 'no VAST to put');
  const video = rankBids(c, [
    bid('a', 'i1', 1, { type: 'video', extra: { adm: '<VAST version="3.0"></VAST>' } }),
  ]);
  const r = await cacheBids(c, video.bids, { defaultTtl });
  assert.match(r.errors.core?.[0]?.message ?? '', /no cache service is configured/);
});

test('bidder-layer bids (every key, auction-bid.ts) go through rank → cache → target with their keys as made', async () => {
  const c = ctx({
    core: { targeting: { includewinners: true, includebidderkeys: true }, cache: { bids: {}, vastxml: {} } },
  });
  const made = [
    newAuctionBid(bid('appnexus', 'i1', 1.5)),
    newAuctionBid(bid('videobidder', 'i2', 7.77, { type: 'video', extra: { exp: 0 } })),
  ];
  const full = (await run(c, made, recordingTransport().transport)).bids;
  const bare = (
    await run(
      c,
      [bid('appnexus', 'i1', 1.5), bid('videobidder', 'i2', 7.77, { type: 'video', extra: { exp: 0 } })],
      recordingTransport().transport,
    )
  ).bids;
  for (let i = 0; i < made.length; i++) {
    assert.deepEqual(Object.keys(full[i] ?? {}), Object.keys(made[i] ?? {}));
    assert.deepEqual(defined(full[i]), defined(bare[i]));
  }
  assert.equal(full[1]?.cache?.vastXml?.cacheId, '2');
  assert.equal(made[1]?.cache, undefined, 'the input bids are not changed');
});
