// G exchange TestApplyFPD, plus the whole flow of the shared fixtures
// firstpartydata-multibidder-user-eids.json and firstpartydata-user-nileids-req-user-nil.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyFpd, fpdKeyFor } from './apply.js';
import { extractFpdForBidders } from './extract.js';
import { normalizeBidder, req } from './fpd.testkit.js';
import type { BidRequest } from '../openrtb/types.js';
import type { ResolvedFpd } from './types.js';

const fpd = (parts: Partial<ResolvedFpd>): ResolvedFpd => ({ userEidsFromConfig: false, ...parts });

test('fpdKeyFor: request aliases as written, others normalised', () => {
  assert.equal(fpdKeyFor({ bidder: 'APPNexus', isRequestAlias: false, normalizeBidder }), 'appnexus');
  assert.equal(fpdKeyFor({ bidder: 'myAlias', isRequestAlias: true, normalizeBidder }), 'myAlias');
  assert.equal(fpdKeyFor({ bidder: 'unknownOne', isRequestAlias: false, normalizeBidder }), 'unknownOne');
});

test('applyFpd: nothing resolved, or nothing present → the request itself', () => {
  const request = req({ site: { id: 'SiteId' } });
  assert.equal(applyFpd({ request, resolved: undefined, ns: 'prebid' }), request);
  assert.equal(applyFpd({ request, resolved: fpd({}), ns: 'prebid' }), request);
});

test('applyFpd: site, app, device and user replaced by the resolved ones', () => {
  const request = req({
    site: { id: 'SiteId' },
    app: { id: 'TestAppId' },
    device: { make: 'TestDeviceMake' },
  });
  const out = applyFpd({
    request,
    resolved: fpd({ app: { id: 'AppId' }, device: { make: 'DeviceMake' }, user: { id: 'UserId' } }),
    ns: 'prebid',
  });
  assert.deepEqual(
    out,
    req({
      site: { id: 'SiteId' },
      app: { id: 'AppId' },
      device: { make: 'DeviceMake' },
      user: { id: 'UserId' },
    }),
  );
  assert.deepEqual(request.app, { id: 'TestAppId' });
});

test('applyFpd: the copy keeps its buyeruid (non-empty only)', () => {
  const resolved = fpd({ user: { id: 'UserId' } });
  const with12345 = applyFpd({
    request: req({ user: { id: 'UserIdIn', buyeruid: '12345' } }),
    resolved,
    ns: 'prebid',
  });
  assert.deepEqual(with12345.user, { id: 'UserId', buyeruid: '12345' });
  const empty = applyFpd({
    request: req({ user: { id: 'UserIdIn', buyeruid: '' } }),
    resolved,
    ns: 'prebid',
  });
  assert.deepEqual(empty.user, { id: 'UserId' });
  const noUser = applyFpd({
    request: req({}),
    resolved: fpd({ user: { id: 'UserId', buyeruid: 'FPD' } }),
    ns: 'prebid',
  });
  assert.deepEqual(noUser.user, { id: 'UserId', buyeruid: 'FPD' });
});

test('applyFpd: eids from the config, else the copy’s (filtered) eids', () => {
  const request = req({ user: { id: 'UserId', eids: [{ source: 'source3' }] } });
  const user = { id: 'UserId', eids: [{ source: 'source1' }, { source: 'source2' }] };
  const fromConfig = applyFpd({ request, resolved: fpd({ user, userEidsFromConfig: true }), ns: 'prebid' });
  assert.deepEqual(fromConfig.user?.eids, [{ source: 'source1' }, { source: 'source2' }]);
  const fromCopy = applyFpd({ request, resolved: fpd({ user }), ns: 'prebid' });
  assert.deepEqual(fromCopy.user?.eids, [{ source: 'source3' }]);
  const dropped = applyFpd({ request: req({ user: { id: 'x' } }), resolved: fpd({ user }), ns: 'prebid' });
  assert.deepEqual(dropped.user, { id: 'UserId' });
});

test('applyFpd: other bidders’ buyeruids never reach a bidder through the resolved user', () => {
  const resolved = fpd({ user: { id: 'u', ext: { core: { buyeruids: { a: 'x' } }, consent: 'c' } } });
  const out = applyFpd({ request: req({ user: { id: 'u', buyeruid: 'mine' } }), resolved, ns: 'core' });
  assert.deepEqual(out.user, { id: 'u', ext: { consent: 'c' }, buyeruid: 'mine' });
  const only = fpd({ user: { id: 'u', ext: { core: { buyeruids: { a: 'x' } } } } });
  assert.deepEqual(applyFpd({ request: req({}), resolved: only, ns: 'core' }).user, { id: 'u' });
});

/** What the split does around applyFpd for one bidder: eid permissions, then FPD. */
function bidderView(request: BidRequest, bidder: string, resolved: ResolvedFpd | undefined): BidRequest {
  const perms = [{ source: 'reqeid1', bidders: ['rubicon'] }];
  const user = request.user;
  let copy = request;
  if (user?.eids) {
    const eids = user.eids.filter((e) => {
      const rule = perms.find((p) => p.source === (e as { source: string }).source);
      return !rule || rule.bidders.includes(bidder);
    });
    copy = { ...request, user: { ...user, eids } };
  }
  const out = applyFpd({ request: copy, resolved, ns: 'prebid' });
  const { ext: _ext, imp: _imp, ...rest } = out;
  return rest as BidRequest;
}

const bidderconfig = (rubiconUser: Record<string, unknown>) => [
  {
    bidders: ['appnexus'],
    config: { ortb2: { site: { domain: 'fpd_appnexus_site_domain', page: 'fpd_appnexus_site_page' } } },
  },
  { bidders: ['rubicon'], config: { ortb2: { user: rubiconUser } } },
];

test('firstpartydata-multibidder-user-eids.json: config eids bypass eid permissions', () => {
  const fpdEids = [
    { source: 'fpdeid1', uids: [{ id: 'fpdeiduid1' }] },
    { source: 'fpdeid2', uids: [{ id: 'fpdeiduid1' }] },
  ];
  const rubiconUser = { id: 'fpdSiteId!4', yob: 2000, keywords: 'fpd keywords', eids: fpdEids };
  const r = extractFpdForBidders({
    request: req({
      id: 'some-request-id',
      site: { page: 'test.somepage.com' },
      user: {
        id: 'reqUserID',
        keywords: 'userKeyword!',
        eids: [
          { source: 'reqeid1', uids: [{ id: 'reqeiduid1' }] },
          { source: 'reqieid2', uids: [{ id: 'reqeiduid2' }] },
        ],
      },
      ext: {
        prebid: { data: { bidders: ['appnexus', 'rubicon'] }, bidderconfig: bidderconfig(rubiconUser) },
      },
    }),
    ns: 'prebid',
    endpoint: 'auction',
    normalizeBidder,
  });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(bidderView(r.request, 'appnexus', r.fpd?.get('appnexus')), {
    id: 'some-request-id',
    site: { domain: 'fpd_appnexus_site_domain', page: 'fpd_appnexus_site_page' },
    user: {
      id: 'reqUserID',
      keywords: 'userKeyword!',
      eids: [{ source: 'reqieid2', uids: [{ id: 'reqeiduid2' }] }],
    },
  });
  assert.deepEqual(bidderView(r.request, 'rubicon', r.fpd?.get('rubicon')), {
    id: 'some-request-id',
    site: { page: 'test.somepage.com' },
    user: { id: 'fpdSiteId!4', yob: 2000, keywords: 'fpd keywords', eids: fpdEids },
  });
});

test('firstpartydata-user-nileids-req-user-nil.json: no request user, config user only', () => {
  const r = extractFpdForBidders({
    request: req({
      id: 'some-request-id',
      site: { page: 'test.somepage.com' },
      ext: {
        prebid: {
          data: { bidders: ['appnexus', 'rubicon'] },
          bidderconfig: bidderconfig({ id: 'fpdSiteId!4', yob: 2000, keywords: 'fpd keywords' }),
        },
      },
    }),
    ns: 'prebid',
    endpoint: 'auction',
    normalizeBidder,
  });
  assert.deepEqual(bidderView(r.request, 'appnexus', r.fpd?.get('appnexus')), {
    id: 'some-request-id',
    site: { domain: 'fpd_appnexus_site_domain', page: 'fpd_appnexus_site_page' },
  });
  assert.deepEqual(bidderView(r.request, 'rubicon', r.fpd?.get('rubicon')), {
    id: 'some-request-id',
    site: { page: 'test.somepage.com' },
    user: { id: 'fpdSiteId!4', yob: 2000, keywords: 'fpd keywords' },
  });
});
