import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { buildKeys, truncateKey, type KeyOptions } from './build-keys.js';

const base: KeyOptions = { prefix: 'hb', asWinner: true, asBidder: true, includeFormat: false };

test('truncation table: keys are cut to their first 20 characters', () => {
  const table: [string, string][] = [
    ['hb_pb', 'hb_pb'],
    ['hb_cache_id_rubicon', 'hb_cache_id_rubicon'],
    ['hb_cache_host_appnexus', 'hb_cache_host_appnex'],
    ['hb_cache_path_appnexus', 'hb_cache_path_appnex'],
    ['hb_pb_averyveryverylongbiddername', 'hb_pb_averyveryveryl'],
    ['12345678901234567890', '12345678901234567890'],
  ];
  for (const [k, want] of table) assert.equal(truncateKey(k), want);
});

test('winner and bidder keys with size, deal, format, env', () => {
  const keys = buildKeys(
    {
      bidder: 'appnexus',
      seat: 'appnexus',
      type: 'banner',
      bid: { w: 300, h: 250, dealid: 'd1' },
      priceBucket: '1.00',
    },
    { ...base, includeFormat: true, env: 'mobile-app' },
  );
  assert.deepEqual(keys, {
    hb_pb: '1.00',
    hb_bidder: 'appnexus',
    hb_size: '300x250',
    hb_deal: 'd1',
    hb_format: 'banner',
    hb_env: 'mobile-app',
    hb_pb_appnexus: '1.00',
    hb_bidder_appnexus: 'appnexus',
    hb_size_appnexus: '300x250',
    hb_deal_appnexus: 'd1',
    hb_format_appnexus: 'banner',
    hb_env_appnexus: 'mobile-app',
  });
});

test('long bidder names: every key ≤ 20 chars and never overwrites a winner key', () => {
  const keys = buildKeys(
    { bidder: 'b', seat: 'supercalifragilisticbidder', type: 'video', bid: {}, priceBucket: '2.50' },
    { ...base, cache: { bidsId: 'c1', vastId: 'v1', host: 'cache.example', path: '/cache' } },
  );
  for (const k of Object.keys(keys)) assert.ok(k.length <= 20, k);
  assert.equal(keys.hb_bidder, 'supercalifragilisticbidder', 'bidder keys are named after the seat');
  assert.equal(keys.hb_cache_id, 'c1');
  assert.equal(keys.hb_uuid, 'v1');
  assert.equal(keys['hb_pb_supercalifragi'], '2.50');
  assert.equal(keys['hb_cache_id_supercal'], 'c1');
  assert.equal(keys['hb_uuid_supercalifra'], 'v1');
  assert.equal(keys['hb_cache_host_superc'], 'cache.example');
  assert.equal(keys.hb_size, undefined, 'no size without w and h');
});

test('collision after truncation: the first key wins', () => {
  // `hb_bidder_` + 10 chars = 20: bidder keys of "abcdefghijXX" and "abcdefghijYY" would collide,
  // inside one bid the winner key set comes first.
  const keys = buildKeys(
    { bidder: 'b', seat: 'x'.repeat(30), type: 'banner', bid: {}, priceBucket: '1.00' },
    { ...base, asWinner: false, cache: { bidsId: 'a', host: 'h', path: '/p' } },
  );
  // hb_cache_host_xxxxxx and hb_cache_path_xxxxxx differ; hb_pb_xxx... and hb_bidder_xxx... differ.
  assert.equal(Object.keys(keys).length, new Set(Object.keys(keys)).size);
  assert.equal(keys['hb_bidder_xxxxxxxxxx'], 'x'.repeat(30));
});

test('cache host/path only when the bid has a cache id; no keys at all when neither variant', () => {
  const b = { bidder: 'a', seat: 'a', type: 'banner' as const, bid: {}, priceBucket: '1.00' };
  const withHostOnly = buildKeys(b, { ...base, cache: { host: 'h', path: '/p' } });
  assert.equal(withHostOnly.hb_cache_host, undefined);
  const always = buildKeys(b, { ...base, cache: { host: 'h', path: '/p', always: true } });
  assert.equal(always.hb_cache_host, 'h', 'upstream Go: host and path on every targeted bid');
  assert.equal(always.hb_cache_path_a, '/p');
  assert.equal(always.hb_cache_id, undefined);
  assert.deepEqual(buildKeys(b, { ...base, asWinner: false, asBidder: false }), {});
  const winnerOnly = buildKeys(b, { ...base, asBidder: false });
  assert.deepEqual(Object.keys(winnerOnly).sort(), ['hb_bidder', 'hb_pb']);
});

type KeyedBid = Parameters<typeof buildKeys>[0];

/** Key/value pairs by suffix, as the keys were first built per bid (reference for the property below). */
function referencePairs(b: KeyedBid, o: KeyOptions): [string, string][] {
  const out: [string, string][] = [
    ['_pb', b.priceBucket],
    ['_bidder', b.seat],
  ];
  if (b.bid.w && b.bid.h) out.push(['_size', `${b.bid.w}x${b.bid.h}`]);
  if (b.bid.dealid) out.push(['_deal', b.bid.dealid]);
  if (o.includeFormat) out.push(['_format', b.type]);
  if (o.env) out.push(['_env', o.env]);
  if (b.categoryDuration !== undefined) out.push(['_pb_cat_dur', b.categoryDuration]);
  const c = o.cache;
  if (c && (c.bidsId !== undefined || c.vastId !== undefined || c.always === true)) {
    if (c.bidsId !== undefined) out.push(['_cache_id', c.bidsId]);
    if (c.vastId !== undefined) out.push(['_uuid', c.vastId]);
    if (c.host !== '') out.push(['_cache_host', c.host]);
    if (c.path !== '') out.push(['_cache_path', c.path]);
  }
  return out;
}

/** The keys as built per bid before the names were kept (reference for the property below). */
function referenceKeys(b: KeyedBid, o: KeyOptions): Record<string, string> {
  const pairs = referencePairs(b, o);
  const keys: Record<string, string> = {};
  const put = (k: string, v: string) => {
    const t = truncateKey(k, o.maxKeyLength);
    if (!(t in keys)) keys[t] = v;
  };
  if (o.asWinner) for (const [s, v] of pairs) put(`${o.prefix}${s}`, v);
  if (o.asBidder) for (const [s, v] of pairs) put(`${o.prefix}${s}_${b.seat}`, v);
  return keys;
}

test('property: the kept key names give the keys, order included, of building them per bid', () => {
  const word = fc.string({ minLength: 0, maxLength: 24 });
  fc.assert(
    fc.property(
      fc.record({
        // Names of a plain object's own and inherited properties: a key that is one is never set.
        seat: fc.oneof(word, fc.constantFrom('__proto__', 'constructor', 'toString', 'proto__')),
        prefix: fc.constantFrom('hb', 'pbs', 'x', '', '__proto__', 'constructor'),
        max: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
        asWinner: fc.boolean(),
        asBidder: fc.boolean(),
        includeFormat: fc.boolean(),
        env: fc.option(fc.constantFrom('amp', 'mobile-app'), { nil: undefined }),
        dealid: fc.option(word, { nil: undefined }),
        cat: fc.option(word, { nil: undefined }),
        cacheId: fc.option(word, { nil: undefined }),
        vastId: fc.option(word, { nil: undefined }),
        host: fc.constantFrom('h', ''),
        always: fc.boolean(),
      }),
      (r) => {
        const bid = {
          bidder: r.seat,
          seat: r.seat,
          type: 'banner' as const,
          bid: { w: 300, h: 250, ...(r.dealid !== undefined ? { dealid: r.dealid } : {}) },
          priceBucket: '1.20',
          ...(r.cat !== undefined ? { categoryDuration: r.cat } : {}),
        };
        const o: KeyOptions = {
          prefix: r.prefix,
          asWinner: r.asWinner,
          asBidder: r.asBidder,
          includeFormat: r.includeFormat,
          ...(r.env !== undefined ? { env: r.env } : {}),
          ...(r.max !== undefined ? { maxKeyLength: r.max } : {}),
          cache: {
            ...(r.cacheId !== undefined ? { bidsId: r.cacheId } : {}),
            ...(r.vastId !== undefined ? { vastId: r.vastId } : {}),
            host: r.host,
            path: '/p',
            always: r.always,
          },
        };
        const got = buildKeys(bid, o);
        const want = referenceKeys(bid, o);
        assert.deepEqual(Object.entries(got), Object.entries(want));
      },
    ),
    { numRuns: 500 },
  );
});

test('more seats than the kept names hold: keys stay right after the sweep', () => {
  for (let i = 0; i < 2100; i++) {
    const seat = `seat${i}`;
    const keys = buildKeys({ bidder: seat, seat, type: 'banner', bid: {}, priceBucket: '0.10' }, base);
    assert.deepEqual(keys, {
      hb_pb: '0.10',
      hb_bidder: seat,
      [`hb_pb_${seat}`]: '0.10',
      [`hb_bidder_${seat}`]: seat,
    });
  }
});
