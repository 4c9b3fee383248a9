import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractBidderConfigFpd, extractFpdForBidders, extractGlobalFpd, fpdRunsFor } from './extract.js';
import { normalizeBidder, req, snapshot } from './fpd.testkit.js';

const site = { id: 'reqSiteId', page: 'http://www.foobar.com/1234.html', publisher: { id: '1' } };
const user = { id: 'reqUserID', yob: 1982, gender: 'M' };

test('extractGlobalFpd: site, app and user ext.data taken out (G TestExtractGlobalFPD)', () => {
  const input = req({
    site: { ...site, ext: { data: { somesitefpd: 'sitefpdDataTest' } } },
    user: { ...user, ext: { data: { someuserfpd: 'userfpdDataTest' } } },
    app: { id: 'appId', ext: { data: { someappfpd: 'appfpdDataTest' } } },
  });
  const before = snapshot(input);
  const r = extractGlobalFpd(input);
  assert.deepEqual(r.request, req({ site, user, app: { id: 'appId' } }));
  assert.deepEqual(r.globalFpd, {
    site: { somesitefpd: 'sitefpdDataTest' },
    app: { someappfpd: 'appfpdDataTest' },
    user: { someuserfpd: 'userfpdDataTest' },
  });
  assert.deepEqual(input, before);
});

test('extractGlobalFpd: other ext members stay; nothing to take leaves the request as is', () => {
  const r = extractGlobalFpd(req({ site: { ...site, ext: { amp: 1, data: true } }, app: { id: 'a' } }));
  assert.deepEqual(r.request, req({ site: { ...site, ext: { amp: 1 } }, app: { id: 'a' } }));
  assert.deepEqual(r.globalFpd, { site: true });
  const plain = req({ site, user, app: { id: 'appId' } });
  assert.equal(extractGlobalFpd(plain).request, plain);
  assert.deepEqual(extractGlobalFpd(plain).globalFpd, {});
});

test('extractGlobalFpd: user.data and {site,app}.content.data (G TestExtractOpenRtbGlobalFPD)', () => {
  const r = extractGlobalFpd(
    req({
      site: { id: 'reqSiteId', content: { data: [{ id: 'siteDataId1' }, { id: 'siteDataId2' }] } },
      user: { ...user, data: [{ id: 'userDataId1', name: 'userDataName1' }] },
      app: { id: 'appId', content: { data: [{ id: 'appDataId1' }] } },
    }),
  );
  assert.deepEqual(
    r.request,
    req({ site: { id: 'reqSiteId', content: {} }, user, app: { id: 'appId', content: {} } }),
  );
  assert.deepEqual(r.globalFpd, {
    userData: [{ id: 'userDataId1', name: 'userDataName1' }],
    siteContentData: [{ id: 'siteDataId1' }, { id: 'siteDataId2' }],
    appContentData: [{ id: 'appDataId1' }],
  });
  const empty = extractGlobalFpd(req({ user: { id: 'u', data: [] } }));
  assert.deepEqual(empty, { request: req({ user: { id: 'u', data: [] } }), globalFpd: {} });
});

// G firstpartydata/tests/extractbidderconfigfpd/*.json
const bidderConfigCases: {
  name: string;
  prebid: Record<string, unknown>;
  want: Record<string, unknown>;
  error?: string;
}[] = [
  {
    name: 'bidder-config-case-normalize',
    prebid: {
      data: {},
      bidderconfig: [{ bidders: ['APPNexus'], config: { ortb2: { site: { id: 'apnSiteId' } } } }],
    },
    want: { appnexus: { site: { id: 'apnSiteId' } } },
  },
  {
    name: 'bidder-config-config-null',
    prebid: { data: {}, bidderconfig: [{ bidders: ['appnexus'], config: null }] },
    want: { appnexus: {} },
  },
  {
    name: 'bidder-config-config-ortb-null',
    prebid: { data: {}, bidderconfig: [{ bidders: ['appnexus'], config: { ortb2: null } }] },
    want: { appnexus: {} },
  },
  {
    name: 'bidder-config-device-data',
    prebid: {
      bidderconfig: [
        {
          bidders: ['appnexus'],
          config: { ortb2: { device: { ext: { wurfl: { is_mobile: true } }, make: 'Google' } } },
        },
      ],
    },
    want: { appnexus: { device: { ext: { wurfl: { is_mobile: true } }, make: 'Google' } } },
  },
  {
    name: 'bidder-config-duplicated-case-insensitive',
    prebid: {
      bidderconfig: [
        { bidders: ['appnexus'], config: { ortb2: { site: { id: 'apnSiteId' } } } },
        {
          bidders: ['APPNEXUS', 'telaria', 'testBidder2'],
          config: { ortb2: { user: { id: 'telariaUserData' } } },
        },
      ],
    },
    want: {},
    error: 'multiple First Party Data bidder configs provided for bidder: APPNEXUS',
  },
  {
    name: 'bidder-config-duplicated',
    prebid: {
      bidderconfig: [
        { bidders: ['appnexus'], config: { ortb2: { site: { id: 'apnSiteId' } } } },
        { bidders: ['appnexus', 'telaria'], config: { ortb2: { user: { id: 'telariaUserData' } } } },
      ],
    },
    want: {},
    error: 'multiple First Party Data bidder configs provided for bidder: appnexus',
  },
  { name: 'bidder-config-empty', prebid: { data: {}, bidderconfig: [] }, want: {} },
  {
    name: 'bidder-config-multiple-bidder',
    prebid: {
      bidderconfig: [
        { bidders: ['appnexus'], config: { ortb2: { site: { id: 'apnSiteId', ext: { data: { a: 1 } } } } } },
        {
          bidders: ['telaria', 'testBidder2'],
          config: { ortb2: { user: { id: 'telariaUserData' }, app: { id: 'telariaAppData' } } },
        },
      ],
    },
    want: {
      appnexus: { site: { id: 'apnSiteId', ext: { data: { a: 1 } } } },
      telaria: { user: { id: 'telariaUserData' }, app: { id: 'telariaAppData' } },
      testBidder2: { user: { id: 'telariaUserData' }, app: { id: 'telariaAppData' } },
    },
  },
  { name: 'bidder-config-not-specified', prebid: {}, want: {} },
  { name: 'bidder-config-null', prebid: { data: {}, bidderconfig: null }, want: {} },
  {
    name: 'bidder-config-request-alias-case-sensitive',
    prebid: {
      bidderconfig: [{ bidders: ['requestAlias'], config: { ortb2: { site: { id: 'aliasSiteId' } } } }],
    },
    want: { requestAlias: { site: { id: 'aliasSiteId' } } },
  },
  { name: 'bidder-list-specified-only', prebid: { data: { bidders: ['appnexus', 'telaria'] } }, want: {} },
];

for (const c of bidderConfigCases) {
  test(`extractBidderConfigFpd: ${c.name}`, () => {
    const r = extractBidderConfigFpd({ prebid: c.prebid }, { ns: 'prebid', normalizeBidder });
    assert.deepEqual(Object.fromEntries(r.configs), c.want);
    assert.equal(r.error, c.error);
    if (!c.error) assert.equal((r.ext?.prebid as Record<string, unknown>).bidderconfig, undefined);
  });
}

test('extractBidderConfigFpd: reads the service namespace only', () => {
  const ext = {
    prebid: { bidderconfig: [{ bidders: ['appnexus'], config: { ortb2: { app: { id: 'x' } } } }] },
  };
  const r = extractBidderConfigFpd(ext, { ns: 'core' });
  assert.equal(r.configs.size, 0);
  assert.equal(r.ext, ext);
});

test('fpdRunsFor: auction and amp only (G request types openrtb2-web/app, amp)', () => {
  assert.equal(fpdRunsFor('auction'), true);
  assert.equal(fpdRunsFor('amp'), true);
  assert.equal(fpdRunsFor('video'), false);
});

test('extractFpdForBidders: video requests are left alone', () => {
  const request = req({ site, ext: { core: { data: { bidders: ['appnexus'] } } } });
  assert.deepEqual(extractFpdForBidders({ request, ns: 'core', endpoint: 'video' }), { request, errors: [] });
});
