// The valid requests the fuzzer starts from, one per public endpoint of both services, and the
// arbitraries of their mutated cases.
import fc from 'fast-check';
import { hostileParam, pct } from './values.js';
import { jsonCases, queryCases, type FuzzCase, type JsonTarget, type QueryTarget } from './mutate.js';

const VAST = '<VAST version="3.0"><Ad id="1"><Wrapper><AdSystem>x</AdSystem></Wrapper></Ad></VAST>';

export const AUCTION_BODY = {
  id: 'chaos-1',
  site: { page: 'https://pub.example/page', domain: 'pub.example', publisher: { id: 'pub-1' } },
  device: { ua: 'Mozilla/5.0', ip: '203.0.113.9', w: 390, h: 844, language: 'en' },
  user: { buyeruid: 'u-1', ext: { consent: '' } },
  regs: { coppa: 0, ext: { gdpr: 0, us_privacy: '1---' } },
  source: { tid: 'tid-1' },
  cur: ['USD'],
  imp: [
    {
      id: 'imp-1',
      banner: { format: [{ w: 300, h: 250 }], pos: 1 },
      bidfloor: 0.1,
      bidfloorcur: 'USD',
      ext: { core: { bidder: { alpha: { zone: 1 } } } },
    },
  ],
  tmax: 500,
  ext: { core: { targeting: { pricegranularity: 'medium', includewinners: true }, cache: { bids: {} } } },
};

const VIDEO_BODY = {
  storedrequestid: 'example-request',
  podconfig: {
    durationrangesec: [15, 30],
    requireexactduration: false,
    pods: [{ podid: 1, adpoddurationsec: 60, configid: 'example-pod' }],
  },
  site: { page: 'https://www.example.com/tv/episode-6' },
  video: { w: 640, h: 480, mimes: ['video/mp4'], protocols: [2, 3, 5, 6] },
  content: { episode: 6, title: 'Example episode', series: 'Example series', len: 900 },
};

const COOKIE_SYNC_BODY = {
  bidders: ['pubmatic', 'appnexus'],
  gdpr: 0,
  gdpr_consent: '',
  us_privacy: '1---',
  gpp: '',
  gpp_sid: '',
  limit: 2,
  coopSync: false,
  account: 'example-publisher',
  filterSettings: {
    iframe: { bidders: '*', filter: 'include' },
    image: { bidders: ['pubmatic'], filter: 'exclude' },
  },
  debug: false,
};

const VTRACK_BODY = {
  puts: [
    {
      bidid: 'bid-1',
      bidder: 'pubmatic',
      type: 'xml',
      value: VAST,
      ttlseconds: 60,
      timestamp: 1700000000000,
      aid: 'auc-1',
    },
  ],
};

const CACHE_BODY = {
  puts: [
    { type: 'json', value: { hello: 'gavel', n: [1, 2] }, ttlseconds: 60 },
    { type: 'xml', value: VAST },
  ],
};

export const serverJsonTargets: JsonTarget[] = [
  { name: 'POST /openrtb2/auction', url: '/openrtb2/auction', body: AUCTION_BODY },
  { name: 'POST /openrtb2/video', url: '/openrtb2/video', body: VIDEO_BODY },
  { name: 'POST /cookie_sync', url: '/cookie_sync', body: COOKIE_SYNC_BODY },
  { name: 'POST /vtrack', url: '/vtrack?a=example-publisher', body: VTRACK_BODY },
];

export const serverQueryTargets: QueryTarget[] = [
  {
    name: 'GET /openrtb2/amp',
    method: 'GET',
    path: '/openrtb2/amp',
    params: {
      tag_id: 'example-amp',
      w: '300',
      h: '250',
      slot: 'div-1',
      curl: 'https://www.example.com/amp',
      timeout: '500',
      targeting: '{"k":"v"}',
      gdpr_applies: 'false',
      debug: '0',
    },
    extraParams: [
      'ow',
      'oh',
      'ms',
      'account',
      'consent_string',
      'gdpr_consent',
      'consent_type',
      'addtl_consent',
      'gpp_sid',
      '__amp_source_origin',
      'trace',
    ],
  },
  {
    name: 'GET /setuid',
    method: 'GET',
    path: '/setuid',
    params: {
      bidder: 'pubmatic',
      uid: 'chaos-uid',
      f: 'i',
      gdpr: '0',
      gdpr_consent: '',
      account: 'example-publisher',
    },
    extraParams: ['gpp', 'gpp_sid'],
  },
  {
    name: 'GET /event',
    method: 'GET',
    path: '/event',
    params: {
      t: 'win',
      b: 'bid-1',
      a: 'example-publisher',
      bidder: 'pubmatic',
      ts: '1700000000000',
      f: 'i',
      x: '1',
      int: 'web',
    },
    extraParams: ['aid'],
  },
  {
    name: 'POST /vtrack (query)',
    method: 'POST',
    path: '/vtrack',
    params: { a: 'example-publisher', int: 'web' },
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(VTRACK_BODY),
  },
  {
    name: 'GET /info/bidders',
    method: 'GET',
    path: '/info/bidders',
    params: { enabledonly: 'true', baseadaptersonly: 'false' },
  },
  {
    name: 'POST /optout',
    method: 'POST',
    path: '/optout',
    params: { 'g-recaptcha-response': 'token', optout: '1' },
    in: 'form',
  },
  {
    name: 'GET /bidders/params',
    method: 'GET',
    path: '/bidders/params',
    params: {},
    extraParams: ['bidder'],
  },
  { name: 'GET /status', method: 'GET', path: '/status', params: {}, extraParams: ['x'] },
];

export const cacheJsonTargets: JsonTarget[] = [
  { name: 'cache POST /cache', url: '/cache', body: CACHE_BODY },
];

export function cacheQueryTargets(uuid: string): QueryTarget[] {
  return [{ name: 'cache GET /cache', method: 'GET', path: '/cache', params: { uuid }, extraParams: ['ch'] }];
}

/** Hostile text in one path segment (`/info/bidders/{name}`). */
export function pathSegmentCases(name: string, prefix: string, valid: string): fc.Arbitrary<FuzzCase> {
  return fc.oneof(fc.constant({ label: 'valid', text: valid, raw: false }), hostileParam).map((h) => ({
    target: name,
    method: 'GET' as const,
    url: `${prefix}${h.raw ? h.text : pct(h.text)}`,
    headers: {},
    mutation: `segment = ${h.label}`,
    names: ['bidder', h.text.slice(0, 20)],
  }));
}

/** The `uids` / `usersync-optout` cookies replaced by hostile text (GET /getuids, /setuid, /cookie_sync). */
export function cookieCases(name: string, method: 'GET' | 'POST', url: string): fc.Arbitrary<FuzzCase> {
  const cookieValue = fc.oneof(
    hostileParam.map((h) => ({ label: h.label, text: `uids=${h.raw ? h.text : pct(h.text)}` })),
    fc
      .string({ maxLength: 200 })
      .map((s) => ({ label: 'random base64', text: `uids=${Buffer.from(s).toString('base64')}` })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({
      label: 'base64 JSON',
      text: `uids=${Buffer.from(JSON.stringify(v)).toString('base64')}`,
    })),
    fc
      .constantFrom('usersync-optout=true', 'uids=; uids=x', ';;;=', 'uids')
      .map((t) => ({ label: t, text: t })),
  );
  return cookieValue.map((c) => ({
    target: name,
    method,
    url,
    headers: { cookie: c.text.replace(/[\r\n]/g, ''), 'content-type': 'application/json' },
    ...(method === 'POST' ? { payload: JSON.stringify(COOKIE_SYNC_BODY) } : {}),
    mutation: `cookie ${c.label}`,
    names: ['cookie', 'uids'],
  }));
}

export interface WeightedTarget {
  name: string;
  service: 'server' | 'cache';
  arb: fc.Arbitrary<FuzzCase>;
  /** The unmutated request, answered 2xx. */
  weight: number;
}

export function allTargets(cacheUuid: string): WeightedTarget[] {
  const t: WeightedTarget[] = [];
  for (const j of serverJsonTargets)
    t.push({
      name: j.name,
      service: 'server',
      arb: jsonCases(j),
      weight: j.name.includes('auction') ? 4 : 2,
    });
  for (const q of serverQueryTargets)
    t.push({ name: q.name, service: 'server', arb: queryCases(q), weight: q.name.includes('amp') ? 3 : 1 });
  t.push({
    name: 'GET /info/bidders/{name}',
    service: 'server',
    arb: pathSegmentCases('GET /info/bidders/{name}', '/info/bidders/', 'pubmatic'),
    weight: 1,
  });
  t.push({
    name: 'GET /getuids (cookie)',
    service: 'server',
    arb: cookieCases('GET /getuids (cookie)', 'GET', '/getuids'),
    weight: 1,
  });
  t.push({
    name: 'GET /setuid (cookie)',
    service: 'server',
    arb: cookieCases('GET /setuid (cookie)', 'GET', '/setuid?bidder=pubmatic&uid=x'),
    weight: 1,
  });
  t.push({
    name: 'POST /cookie_sync (cookie)',
    service: 'server',
    arb: cookieCases('POST /cookie_sync (cookie)', 'POST', '/cookie_sync'),
    weight: 1,
  });
  for (const j of cacheJsonTargets) t.push({ name: j.name, service: 'cache', arb: jsonCases(j), weight: 3 });
  for (const q of cacheQueryTargets(cacheUuid))
    t.push({ name: q.name, service: 'cache', arb: queryCases(q), weight: 2 });
  return t;
}

/** The valid starting request of each target, sent once to check it is answered 2xx. */
export function baselineCases(cacheUuid: string): FuzzCase[] {
  const out: FuzzCase[] = [];
  const json = (service: 'server' | 'cache', j: JsonTarget) =>
    out.push({
      target: `${service}:${j.name}`,
      method: 'POST',
      url: j.url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(j.body),
      mutation: 'none',
      names: [],
    });
  serverJsonTargets.forEach((j) => json('server', j));
  cacheJsonTargets.forEach((j) => json('cache', j));
  const query = (service: 'server' | 'cache', q: QueryTarget) => {
    const qs = new URLSearchParams(q.params).toString();
    const form = q.in === 'form';
    out.push({
      target: `${service}:${q.name}`,
      method: q.method,
      url: form || qs === '' ? q.path : `${q.path}?${qs}`,
      headers: Object.assign(
        {},
        q.headers,
        form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      ),
      ...(form ? { payload: qs } : q.payload !== undefined ? { payload: q.payload } : {}),
      mutation: 'none',
      names: [],
    });
  };
  serverQueryTargets.forEach((q) => query('server', q));
  cacheQueryTargets(cacheUuid).forEach((q) => query('cache', q));
  return out;
}
