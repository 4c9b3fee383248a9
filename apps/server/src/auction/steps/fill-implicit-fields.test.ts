// Step 3: implicit fields from HTTP facts (body values win), defaults, interstitial rewrite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import type { HttpFacts } from '../types.js';
import { fillImplicitFields } from './fill-implicit-fields.js';

const http = (over: Partial<HttpFacts> = {}): HttpFacts => ({ cookies: {}, headers: {}, ...over });
const opts = { ns: 'prebid' as const, defaultTmax: 900 };
const req = (over: Record<string, unknown> = {}): BidRequest => {
  const body: unknown = { id: 'r', imp: [{ id: 'i', banner: { format: [{ w: 300, h: 250 }] } }], ...over };
  return body as BidRequest;
};

test('device ip/ua and site page/domain come from HTTP facts when absent', () => {
  const r = fillImplicitFields(
    req(),
    http({ ip: '192.0.2.1', userAgent: 'UA/1', referer: 'https://www.pub.example/a?b=1' }),
    opts,
  );
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.device, { ip: '192.0.2.1', ua: 'UA/1' });
  assert.deepEqual(r.request.site, {
    page: 'https://www.pub.example/a?b=1',
    domain: 'www.pub.example',
    ext: { amp: 0 },
  });
});

test('body values are never overridden; IPv6 goes to device.ipv6', () => {
  const body = req({
    device: { ip: '10.0.0.1', ua: 'Body' },
    site: { page: 'p', domain: 'd', ext: { amp: 1 } },
  });
  const r = fillImplicitFields(
    body,
    http({ ip: '192.0.2.1', userAgent: 'Header', referer: 'https://x.example/' }),
    opts,
  );
  assert.deepEqual(r.request.device, { ip: '10.0.0.1', ua: 'Body' });
  assert.deepEqual(r.request.site, { page: 'p', domain: 'd', ext: { amp: 1 } });
  const v6 = fillImplicitFields(req({ device: { ipv6: '8888::' } }), http({ ip: '1111::' }), opts);
  assert.deepEqual(v6.request.device, { ipv6: '8888::' });
  const v6b = fillImplicitFields(req(), http({ ip: '2001:db8::1' }), opts);
  assert.deepEqual(v6b.request.device, { ipv6: '2001:db8::1' });
});

test('a percent-encoded user agent is decoded; a plain one with + is kept', () => {
  const enc = fillImplicitFields(req(), http({ userAgent: 'Mozilla%2F5.0%20%28X%29' }), opts);
  assert.equal(enc.request.device?.ua, 'Mozilla/5.0 (X)');
  const plain = fillImplicitFields(req(), http({ userAgent: 'Mozilla/5.0+(X)' }), opts);
  assert.equal(plain.request.device?.ua, 'Mozilla/5.0+(X)');
});

test('defaults: at=1, imp.secure=1, tmax from options; apps get no site', () => {
  const r = fillImplicitFields(req({ app: { id: 'a' } }), http({ referer: 'https://x.example/' }), opts);
  assert.equal(r.request.at, 1);
  assert.equal(r.request.tmax, 900);
  assert.equal(r.request.imp[0]?.secure, 1);
  assert.equal(r.request.site, undefined);
  const kept = fillImplicitFields(
    req({ at: 2, tmax: 300, imp: [{ id: 'i', secure: 0, banner: {} }] }),
    http(),
    opts,
  );
  assert.equal(kept.request.at, 2);
  assert.equal(kept.request.tmax, 300);
  assert.equal(kept.request.imp[0]?.secure, 0);
});

test('interstitial: first 10 common sizes within [max*perc, max] replace banner.format', () => {
  const body = req({
    device: { w: 320, h: 480, ext: { prebid: { interstitial: { minwidthperc: 50, minheightperc: 40 } } } },
    imp: [
      { id: 'i', instl: 1, banner: { format: [{ w: 1, h: 1 }] } },
      { id: 'j', banner: { format: [{ w: 1, h: 1 }] } },
    ],
  });
  const r = fillImplicitFields(body, http(), opts);
  assert.deepEqual(r.errors, []);
  const sizes = r.request.imp[0]?.banner?.format?.map((f) => `${f.w}x${f.h}`);
  assert.deepEqual(sizes, [
    '300x250',
    '320x320',
    '320x250',
    '320x480',
    '300x300',
    '300x480',
    '320x400',
    '320x240',
    '250x250',
    '320x460',
  ]);
  assert.deepEqual(r.request.imp[1]?.banner?.format, [{ w: 1, h: 1 }]);
  assert.deepEqual(body.imp[0]?.banner?.format, [{ w: 1, h: 1 }], 'input untouched');
});

test('interstitial: the first format entry is the max size; contract example 600 × 60% → 360..600', () => {
  const body = req({
    device: { ext: { prebid: { interstitial: { minwidthperc: 60, minheightperc: 60 } } } },
    imp: [{ id: 'i', instl: 1, banner: { format: [{ w: 600, h: 600 }] } }],
  });
  const widths =
    fillImplicitFields(body, http(), opts).request.imp[0]?.banner?.format?.map((f) => f.w ?? 0) ?? [];
  assert.ok(widths.length > 0 && widths.length <= 10);
  assert.ok(widths.every((w) => w >= 360 && w <= 600));
});

test('interstitial: bad percentages and missing max size are 400s; no fitting size keeps the imp', () => {
  const bad = req({
    device: { ext: { prebid: { interstitial: { minwidthperc: 120, minheightperc: 60 } } } },
  });
  assert.deepEqual(fillImplicitFields(bad, http(), opts).errors, [
    'request.device.ext.prebid.interstitial.minwidthperc must be a number between 0 and 100',
  ]);
  const core = req({ device: { ext: { core: { interstitial: { minwidthperc: 50 } } } } });
  assert.deepEqual(fillImplicitFields(core, http(), { ...opts, ns: 'core' }).errors, [
    'request.device.ext.core.interstitial.minheightperc must be a number between 0 and 100',
  ]);
  const noSize = req({
    device: { ext: { prebid: { interstitial: { minwidthperc: 50, minheightperc: 50 } } } },
    imp: [{ id: 'i', instl: 1, banner: {} }],
  });
  assert.match(
    fillImplicitFields(noSize, http(), opts).errors[0] ?? '',
    /^Unable to read max interstitial size for Imp id=i/,
  );
  const tiny = req({
    device: { w: 10, h: 10, ext: { prebid: { interstitial: { minwidthperc: 90, minheightperc: 90 } } } },
    imp: [{ id: 'i', instl: 1, banner: { format: [{ w: 1, h: 1 }] } }],
  });
  const t = fillImplicitFields(tiny, http(), opts);
  assert.deepEqual(t.errors, []);
  assert.equal(t.warnings.length, 1);
  assert.deepEqual(t.request.imp[0]?.banner?.format, [{ w: 1, h: 1 }]);
});

test('garbage shapes are left for validation to report', () => {
  const r = fillImplicitFields(
    { id: 'r', imp: 'x', device: 5 } as unknown as BidRequest,
    http({ ip: '192.0.2.1' }),
    opts,
  );
  assert.deepEqual(r.errors, []);
  assert.equal(r.request.device, 5);
});
