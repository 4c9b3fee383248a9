// G firstpartydata/tests/resolvefpd/*.json and TestResolveUser/Site/App/Device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveFpd, validateDevice, type ResolveFpdInput } from './resolve.js';
import { normalizeBidder, req, snapshot } from './fpd.testkit.js';
import type { BidderFpdConfig, GlobalFpd } from './types.js';

interface Case {
  name: string;
  request: Record<string, unknown>;
  bidders?: string[];
  config: Record<string, BidderFpdConfig>;
  global?: GlobalFpd;
  /** Per bidder, the members expected (others are not compared); undefined → errors expected. */
  want?: Record<string, Record<string, unknown>>;
  errors?: string[];
}

const content = { episode: 6, title: 'episodeName', series: 'TvName', season: 'season3', len: 900 };
const device = { ua: 'testDevice', ip: '123.145.167.10', devicetype: 1, ifa: '123' };
const reqSite = { id: 'reqSiteId', page: 'http://www.foobar.com/1234.html', publisher: { id: '1' } };
const reqUser = { id: 'reqUserID', yob: 1982, gender: 'M' };
const apnSiteExt = { data: { morefpdData: 'morefpddata', moreFpd: { fpd: 123 } } };

const cases: Case[] = [
  {
    name: 'bidder-fpd-alias-matches',
    request: { app: { id: 'reqUserID' } },
    bidders: ['requestAlias'],
    config: { requestAlias: { app: { id: 'apnAppId' } } },
    want: { requestAlias: { app: { id: 'apnAppId' } } },
  },
  {
    name: 'bidder-fpd-alias-not-matches',
    request: { app: { id: 'reqUserID' } },
    bidders: ['requestAlias'],
    config: { REQUESTALIAS: { app: { id: 'apnAppId' } } },
    want: { requestAlias: { app: { id: 'reqUserID' } } },
  },
  {
    name: 'bidder-fpd-case-normalize',
    request: { app: { id: 'reqUserID' } },
    bidders: ['APPNEXUS'],
    config: { appnexus: { app: { id: 'apnAppId' } } },
    want: { appnexus: { app: { id: 'apnAppId' } } },
  },
  {
    name: 'bidder-fpd-only-user',
    request: { user: reqUser },
    bidders: ['appnexus'],
    config: { appnexus: { user: { id: 'apnUserId', yob: 1982, ext: { data: { other: 'data' } } } } },
    want: { appnexus: { user: { ...reqUser, id: 'apnUserId', ext: { data: { other: 'data' } } } } },
  },
  {
    name: 'bidder-fpd-only-device',
    request: { device: { make: 'reqMake', model: 'reqModel' } },
    bidders: ['appnexus'],
    config: {
      appnexus: { device: { ext: { wurfl: { is_mobile: true } }, make: 'Google', model: 'Nexus 5' } },
    },
    want: { appnexus: { device: { ext: { wurfl: { is_mobile: true } }, make: 'Google', model: 'Nexus 5' } } },
  },
  {
    name: 'bidder-fpd-site-content-data-only',
    request: { site: { id: 'reqSiteId', cat: ['books'], content }, device },
    bidders: ['appnexus'],
    config: {
      appnexus: {
        site: {
          id: 'apnSiteId',
          page: 'http://www.foobar.com/1234.html',
          content: { episode: 7, len: 600, data: [{ id: 'siteData3' }] },
          ext: { data: { other: 'data' } },
        },
      },
    },
    global: { site: { testSiteFpd: 'testSite' } },
    want: {
      appnexus: {
        site: {
          id: 'apnSiteId',
          page: 'http://www.foobar.com/1234.html',
          cat: ['books'],
          content: { ...content, episode: 7, len: 600, data: [{ id: 'siteData3' }] },
          ext: { data: { other: 'data', testSiteFpd: 'testSite' } },
        },
        device,
      },
    },
  },
  {
    name: 'global-and-bidder-fpd-app-content-data-user-data',
    request: { app: { id: 'reqAppId', publisher: { id: '1' } }, user: reqUser },
    bidders: ['appnexus'],
    config: { appnexus: { app: { id: 'apnAppId', ext: { data: { morefpdData: 'morefpddata' } } } } },
    global: {
      app: { appFpd: 123 },
      user: { testUserFpd: 'testuser' },
      appContentData: [{ id: 'appData1' }],
      userData: [{ id: 'userData1' }, { id: 'userData2' }],
    },
    want: {
      appnexus: {
        app: {
          id: 'apnAppId',
          publisher: { id: '1' },
          content: { data: [{ id: 'appData1' }] },
          ext: { data: { morefpdData: 'morefpddata', appFpd: 123 } },
        },
        user: {
          ...reqUser,
          data: [{ id: 'userData1' }, { id: 'userData2' }],
          ext: { data: { testUserFpd: 'testuser' } },
        },
      },
    },
  },
  {
    name: 'global-and-bidder-fpd-site-user',
    request: { site: { ...reqSite, content }, user: { id: 'apnUserId' } },
    bidders: ['appnexus'],
    config: {
      appnexus: {
        site: { id: 'apnSiteId', ext: apnSiteExt },
        user: { id: 'apnUserId', ext: { data: { moreFpd: { fpd: 567 } } } },
      },
    },
    global: { user: { testUserFpd: 'testuser' } },
    want: {
      appnexus: {
        site: { ...reqSite, id: 'apnSiteId', content, ext: apnSiteExt },
        user: { id: 'apnUserId', ext: { data: { moreFpd: { fpd: 567 }, testUserFpd: 'testuser' } } },
      },
    },
  },
  {
    name: 'global-fpd-only-excludes-some (rubicon not listed)',
    request: { site: { ...reqSite, content, ext: { testSiteExt: 123 } }, device, user: reqUser },
    bidders: ['appnexus'],
    config: {
      appnexus: { site: { id: 'apnSiteId', ref: 'fpdRef', ext: apnSiteExt } },
      rubicon: { site: { id: 'rbcSiteId' } },
    },
    global: {
      site: { siteFpd: 123 },
      user: { testUserFpd: 'testuser' },
      siteContentData: [{ id: 'siteData1' }],
    },
    want: {
      appnexus: {
        site: {
          ...reqSite,
          id: 'apnSiteId',
          ref: 'fpdRef',
          content: { ...content, data: [{ id: 'siteData1' }] },
          ext: { testSiteExt: 123, data: { ...apnSiteExt.data, siteFpd: 123 } },
        },
        device,
        user: { ...reqUser, ext: { data: { testUserFpd: 'testuser' } } },
      },
    },
  },
  {
    name: 'global-fpd-only-include-all-implicit (no bidder list: config bidders, no global)',
    request: { site: { ...reqSite, ext: { testSiteExt: 123 } } },
    config: { appnexus: { site: { id: 'apnSiteId' } }, rubicon: { site: { id: 'rbcSiteId' } } },
    want: {
      appnexus: { site: { ...reqSite, id: 'apnSiteId', ext: { testSiteExt: 123 } } },
      rubicon: { site: { ...reqSite, id: 'rbcSiteId', ext: { testSiteExt: 123 } } },
    },
  },
  {
    name: 'req-and-bidder-fpd-site-content: config content.data replaces the request one',
    request: { site: { ...reqSite, content: { ...content, data: [{ id: 'reqSiteData1' }] } } },
    bidders: ['appnexus'],
    config: {
      appnexus: { site: { content: { episode: 8, data: [{ id: 'siteData1' }, { id: 'siteData2' }] } } },
    },
    want: {
      appnexus: {
        site: {
          ...reqSite,
          content: { ...content, episode: 8, data: [{ id: 'siteData1' }, { id: 'siteData2' }] },
        },
      },
    },
  },
  {
    name: 'req-app-not-defined',
    request: { site: reqSite, user: reqUser },
    bidders: ['appnexus'],
    config: { appnexus: { app: { page: '' } } },
    errors: [
      'incorrect First Party Data for bidder appnexus: App object is not defined in request, but defined in FPD config',
    ],
  },
  {
    name: 'req-site-not-defined',
    request: { user: reqUser },
    bidders: ['appnexus'],
    config: { appnexus: { site: { page: '' } } },
    errors: [
      'incorrect First Party Data for bidder appnexus: Site object is not defined in request, but defined in FPD config',
    ],
  },
  {
    name: 'req-user-not-defined: allowed, the config user is used',
    request: { test: 1 },
    bidders: ['appnexus'],
    config: { appnexus: { user: { keywords: 'test user keywords' } } },
    want: { appnexus: { user: { keywords: 'test user keywords' } } },
  },
  {
    name: 'site-page-empty-conflict',
    request: {
      site: { page: 'http://www.foobar.com/1234.html', publisher: { id: '1' } },
      device,
      user: reqUser,
    },
    bidders: ['appnexus'],
    config: { appnexus: { site: { page: '', ext: apnSiteExt } } },
    errors: [
      'incorrect First Party Data for bidder appnexus: Site object cannot set empty page if req.site.id is empty',
    ],
  },
];

for (const c of cases) {
  test(`resolveFpd: ${c.name}`, () => {
    const request = req(c.request);
    const before = snapshot(request);
    const input: ResolveFpdInput = {
      request,
      bidderConfig: new Map(Object.entries(c.config)),
      normalizeBidder,
    };
    if (c.bidders) input.biddersAllowed = c.bidders;
    if (c.global) input.globalFpd = c.global;
    const r = resolveFpd(input);
    assert.deepEqual(request, before, 'the request is not changed');
    assert.deepEqual(r.errors, c.errors ?? []);
    if (!c.want) return;
    assert.deepEqual([...r.fpd.keys()].sort(), Object.keys(c.want).sort());
    for (const [bidder, want] of Object.entries(c.want)) {
      const got = r.fpd.get(bidder) as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(want)) assert.deepEqual(got[key], value, `${bidder}.${key}`);
    }
  });
}

function one(input: Partial<ResolveFpdInput> & { config?: BidderFpdConfig }) {
  const r = resolveFpd({
    request: input.request ?? req({}),
    bidderConfig: new Map([['bidderA', input.config ?? {}]]),
    ...(input.globalFpd ? { globalFpd: input.globalFpd } : {}),
  });
  return { errors: r.errors, fpd: r.fpd.get('bidderA') };
}

test('resolve user (G TestResolveUser): global ext.data merge, user.data, config ext merge', () => {
  assert.equal(one({}).fpd?.user, undefined);
  assert.deepEqual(one({ config: { user: { id: 'test' } } }).fpd?.user, { id: 'test' });
  const g = { user: { globalFPDUserData: 'v' } };
  assert.deepEqual(
    one({
      request: req({ user: { id: 'test2', ext: { data: { input: 'i' } } } }),
      globalFpd: g,
      config: { user: { id: 'test1' } },
    }).fpd?.user,
    { id: 'test1', ext: { data: { globalFPDUserData: 'v', input: 'i' } } },
  );
  assert.deepEqual(
    one({
      request: req({ user: { id: 'test2', ext: { test: 2, key: 'value' } } }),
      globalFpd: { userData: [{ id: 'DataId1' }] },
      config: { user: { id: 'test1', ext: { test: 1 } } },
    }).fpd?.user,
    { id: 'test1', data: [{ id: 'DataId1' }], ext: { key: 'value', test: 1 } },
  );
  assert.deepEqual(one({ request: req({ user: { id: 'x' } }), config: { user: '{malformed' } }).errors, [
    'invalid first party data ext',
  ]);
});

test('resolve site/app: global content data on a copy of the content; config wins', () => {
  const request = req({
    site: { id: 'test2', content: { id: 'cid', data: [{ id: '1' }], ext: { c: true } } },
  });
  const r = one({ request, globalFpd: { siteContentData: [{ id: 'DataId1' }] } });
  assert.deepEqual(r.fpd?.site, {
    id: 'test2',
    content: { id: 'cid', data: [{ id: 'DataId1' }], ext: { c: true } },
  });
  assert.deepEqual(request.site?.content, { id: 'cid', data: [{ id: '1' }], ext: { c: true } });
  const app = one({ request: req({ app: { id: 'a' } }), globalFpd: { appContentData: [{ id: 'D' }] } });
  assert.deepEqual(app.fpd?.app, { id: 'a', content: { data: [{ id: 'D' }] } });
  assert.deepEqual(one({ request: req({ site: { id: 's' } }), config: { site: { id: 5 } } }).errors, [
    'invalid first party data ext',
  ]);
});

test('resolve device (G TestResolveDevice): merged then validated', () => {
  assert.deepEqual(one({ config: { device: { ua: 'ua' } } }).fpd?.device, { ua: 'ua' });
  assert.deepEqual(
    one({
      request: req({ device: { ua: 'a', ext: { test: 2, key: 'value' } } }),
      config: { device: { ua: 'b', ext: { test: 1 } } },
    }).fpd?.device,
    { ua: 'b', ext: { test: 1, key: 'value' } },
  );
  const bad = (device: unknown) => one({ config: { device } }).errors;
  assert.deepEqual(bad({ w: -10 }), ['request.device.w must be a positive number']);
  assert.deepEqual(bad({ h: -20 }), ['request.device.h must be a positive number']);
  assert.deepEqual(bad({ ppi: -300 }), ['request.device.ppi must be a positive number']);
  assert.deepEqual(bad({ geo: { accuracy: -5 } }), ['request.device.geo.accuracy must be a positive number']);
  assert.equal(validateDevice({ w: 300, h: -1, ppi: -2 }), 'request.device.h must be a positive number');
  assert.equal(validateDevice({ w: 0, h: 0, geo: { accuracy: 0 } }), undefined);
});

test('resolveFpd: errors stop adding bidders (G), userEidsFromConfig only for non-empty config eids', () => {
  const r = resolveFpd({
    request: req({ user: { id: 'u', eids: [{ source: 'r' }] } }),
    bidderConfig: new Map<string, BidderFpdConfig>([
      ['a', { user: { eids: [{ source: 'c' }] } }],
      ['b', { user: { eids: [] } }],
      ['c', { user: { id: 'x' } }],
    ]),
  });
  assert.deepEqual(
    [...r.fpd].map(([k, v]) => [k, v.userEidsFromConfig]),
    [
      ['a', true],
      ['b', false],
      ['c', false],
    ],
  );
  const failing = resolveFpd({
    request: req({}),
    bidderConfig: new Map<string, BidderFpdConfig>([
      ['a', {}],
      ['b', { app: { id: 'x' } }],
      ['c', {}],
    ]),
  });
  assert.deepEqual([...failing.fpd.keys()], ['a']);
  assert.equal(failing.errors.length, 1);
});
