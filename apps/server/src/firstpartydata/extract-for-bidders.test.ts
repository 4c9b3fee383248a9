// G firstpartydata/tests/extractfpdforbidders/*.json, through extractFpdForBidders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFpdForBidders } from './extract.js';
import { normalizeBidder, req, snapshot } from './fpd.testkit.js';
import type { BidRequest } from '../openrtb/types.js';

const run = (request: BidRequest) =>
  extractFpdForBidders({ request, ns: 'prebid', endpoint: 'auction', normalizeBidder });

/** The resolved map without the eids flag, for comparison with G's expectations. */
function parts(fpd: ReadonlyMap<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of fpd ?? []) {
    const { userEidsFromConfig: _flag, ...rest } = v as Record<string, unknown>;
    out[k] = rest;
  }
  return out;
}

const site = { id: 'reqSiteId', page: 'http://www.foobar.com/1234.html', publisher: { id: '1' } };
const content = { len: 900, title: 'reqContentTitle', season: 'reqContentSeason' };
const contentData = [{ id: 'reqContentDataId1' }, { id: 'reqContentDataId2' }];

test('global-fpd-defined-app-content-data: data moves from the request to the listed bidder', () => {
  const app = { id: 'reqAppId', name: 'reqAppName', content: { ...content, data: contentData } };
  const input = req({ app, test: 1, ext: { prebid: { data: { bidders: ['appnexus'] } } } });
  const before = snapshot(input);
  const r = run(input);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.app, { id: 'reqAppId', name: 'reqAppName', content });
  assert.deepEqual(r.request.ext, { prebid: { data: {} } });
  assert.deepEqual(parts(r.fpd), { appnexus: { app } });
  assert.deepEqual(input, before);
});

test('global-fpd-defined-site: bidderconfig site merged over the request site', () => {
  const r = run(
    req({
      site,
      ext: {
        prebid: {
          data: { bidders: ['appnexus'] },
          bidderconfig: [
            {
              bidders: ['appnexus'],
              config: {
                ortb2: { site: { id: 'apnSiteId', keywords: 'apnKeywords', sectioncat: ['books'] } },
              },
            },
          ],
        },
      },
    }),
  );
  assert.deepEqual(r.request.site, site);
  assert.deepEqual(r.request.ext, { prebid: { data: {} } });
  assert.deepEqual(parts(r.fpd), {
    appnexus: { site: { ...site, id: 'apnSiteId', keywords: 'apnKeywords', sectioncat: ['books'] } },
  });
});

test('global-fpd-empty-site: an empty bidder list still takes the data out, nobody gets it', () => {
  const r = run(
    req({
      site: { ...site, ext: { amp: 1, data: { somesitefpd: 'x' } } },
      user: { id: 'u', data: [{ id: 'd' }] },
      ext: {
        prebid: {
          data: { bidders: [] },
          bidderconfig: [{ bidders: ['appnexus'], config: { ortb2: { site: { id: 'z' } } } }],
        },
      },
    }),
  );
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.site, { ...site, ext: { amp: 1 } });
  assert.deepEqual(r.request.user, { id: 'u' });
  assert.deepEqual(parts(r.fpd), {});
});

test('global-fpd-not-defined-site: no ext.prebid → request untouched, no data', () => {
  const input = req({ site: { ...site, ext: { amp: 1, data: { somesitefpd: 'x' } } }, test: 1 });
  const r = run(input);
  assert.equal(r.request, input);
  assert.equal(r.fpd, undefined);
});

test('two-bidders-no-global-bidder-list: config bidders only; global data stays in the request', () => {
  const input = req({
    site: { ...site, ext: { data: 'fpdGlobalSiteData' } },
    user: { id: 'reqUserId' },
    ext: {
      prebid: {
        bidderconfig: [
          {
            bidders: ['appnexus'],
            config: { ortb2: { site: { id: 'apnSiteId' }, user: { id: 'apnUserId' } } },
          },
          { bidders: ['telaria'], config: { ortb2: { user: { keywords: 'telariaUserKeywords' } } } },
        ],
      },
    },
  });
  const r = run(input);
  assert.deepEqual(r.request.site, input.site);
  assert.deepEqual(r.request.ext, { prebid: {} });
  const { fpd } = r;
  assert.deepEqual(fpd?.get('appnexus')?.site, {
    ...site,
    id: 'apnSiteId',
    ext: { data: 'fpdGlobalSiteData' },
  });
  assert.deepEqual(fpd?.get('appnexus')?.user, { id: 'apnUserId' });
  assert.deepEqual(fpd?.get('telaria')?.user, { id: 'reqUserId', keywords: 'telariaUserKeywords' });
});

test('two-bidders-global-without-config: listed bidder without config gets the request data back', () => {
  const app = {
    id: 'reqAppId',
    name: 'reqAppName',
    publisher: { id: '1' },
    content: { ...content, data: contentData },
  };
  const apnApp = { id: 'apnFpdAppId', content: { title: 'apnTitle', data: [{ id: 'apn1' }] } };
  const r = run(
    req({
      app,
      user: { id: 'reqUserId', keywords: 'reqUserKeyword' },
      ext: {
        prebid: {
          data: { bidders: ['appnexus', 'telaria'] },
          bidderconfig: [
            { bidders: ['appnexus'], config: { ortb2: { app: apnApp, user: { id: 'apnUserId' } } } },
          ],
        },
      },
    }),
  );
  assert.deepEqual(r.request.app, { ...app, content });
  assert.deepEqual(parts(r.fpd), {
    appnexus: {
      app: { ...app, id: 'apnFpdAppId', content: { ...content, title: 'apnTitle', data: [{ id: 'apn1' }] } },
      user: { id: 'apnUserId', keywords: 'reqUserKeyword' },
    },
    telaria: { app, user: { id: 'reqUserId', keywords: 'reqUserKeyword' } },
  });
});

test('two-bidders-correct-case-insensitive-integration: known bidders normalised, aliases exact', () => {
  const r = run(
    req({
      site,
      user: { id: 'reqUserId' },
      ext: {
        prebid: {
          data: { bidders: ['APPNEXUS', 'requestAlias'] },
          bidderconfig: [
            {
              bidders: ['appnexus'],
              config: { ortb2: { site: { id: 'apnSiteId' }, user: { id: 'apnUserId' } } },
            },
            { bidders: ['requestAlias'], config: { ortb2: { user: { keywords: 'aliasUserKeywords' } } } },
          ],
        },
      },
    }),
  );
  assert.deepEqual(parts(r.fpd), {
    appnexus: { site: { ...site, id: 'apnSiteId' }, user: { id: 'apnUserId' } },
    requestAlias: { site, user: { id: 'reqUserId', keywords: 'aliasUserKeywords' } },
  });
});

test('req-empty-user-fpd-not-empty-user: a config user without a request user is taken as is', () => {
  const fpdUser = {
    id: 'appnexusFpdUser',
    yob: 2011,
    data: [{ id: 'FpdUserDataId1' }],
    ext: { data: { userdata: 'x' } },
  };
  const r = run(
    req({
      ext: {
        prebid: {
          data: { bidders: ['appnexus'] },
          bidderconfig: [{ bidders: ['appnexus'], config: { ortb2: { user: fpdUser } } }],
        },
      },
    }),
  );
  assert.deepEqual(parts(r.fpd), { appnexus: { user: fpdUser } });
});

test('two-bidders-with-incorrect-fpd: every bidder error, in order; no data', () => {
  const r = run(
    req({
      site,
      ext: {
        prebid: {
          data: { bidders: ['appnexus', 'telaria'] },
          bidderconfig: [
            {
              bidders: ['appnexus'],
              config: { ortb2: { app: { id: 'apnAppId' }, user: { id: 'apnUserId' } } },
            },
            { bidders: ['telaria'], config: { ortb2: { app: { id: 'telariaAppId' } } } },
          ],
        },
      },
    }),
  );
  assert.equal(r.fpd, undefined);
  assert.deepEqual(r.errors, [
    'incorrect First Party Data for bidder appnexus: App object is not defined in request, but defined in FPD config',
    'incorrect First Party Data for bidder telaria: App object is not defined in request, but defined in FPD config',
  ]);
});

test('duplicate bidderconfig bidder: the one error, request unchanged', () => {
  const input = req({
    site,
    ext: {
      prebid: {
        bidderconfig: [
          { bidders: ['appnexus'], config: {} },
          { bidders: ['AppNexus'], config: {} },
        ],
      },
    },
  });
  const r = run(input);
  assert.equal(r.request, input);
  assert.deepEqual(r.errors, ['multiple First Party Data bidder configs provided for bidder: AppNexus']);
});

test('the core namespace: ext.core.data.bidders and ext.core.bidderconfig', () => {
  const r = extractFpdForBidders({
    request: req({
      site: { ...site, ext: { data: { k: 1 } } },
      ext: { core: { data: { bidders: ['appnexus'], eidpermissions: [] }, bidderconfig: [] } },
    }),
    ns: 'core',
    endpoint: 'amp',
  });
  assert.deepEqual(r.request.ext, { core: { data: { eidpermissions: [] } } });
  assert.deepEqual(r.request.site, site);
  assert.deepEqual(r.fpd?.get('appnexus')?.site, { ...site, ext: { data: { k: 1 } } });
});

test('no bidder list and no bidderconfig: the same request, an empty map', () => {
  const input = req({
    site: { ...site, ext: { data: { k: 1 } } },
    ext: { prebid: { data: { eidpermissions: [] } } },
  });
  const r = run(input);
  assert.equal(r.request, input);
  assert.equal(r.fpd?.size, 0);
  assert.deepEqual(r.errors, []);
});
