// Step 6: one shaped copy per bidder/alias (notes §18; contract buyer ID, alias, schain and stored
// response rules), driven with small hand-written requests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import type { AuctionContext } from '../types.js';
import { standardBidders } from '../request/fake-bidders-test-kit.js';
import { splitBidders } from './split-bidders.js';

const registry = standardBidders();

function ctx(
  request: Record<string, unknown>,
  cookies: Record<string, string> = {},
  ns: 'core' | 'prebid' = 'prebid',
): AuctionContext {
  return {
    ns,
    endpoint: 'auction',
    request: { id: 'r', site: { page: 'https://p.example/' }, test: 1, ...request } as BidRequest,
    account: { id: '', disabled: false, debugAllowed: false, cacheTtl: {}, eventsEnabled: false },
    http: { cookies, headers: {} },
    startedAt: 0,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
  };
}

const imp = (id: string, bidders: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  banner: { format: [{ w: 300, h: 250 }] },
  ext: { prebid: { bidder: bidders }, gpid: `/slot/${id}`, ...extra },
});

const uidsCookie = (uids: Record<string, string>) =>
  Buffer.from(
    JSON.stringify({
      tempUIDs: Object.fromEntries(
        Object.entries(uids).map(([k, uid]) => [k, { uid, expires: '2030-01-01T00:00:00Z' }]),
      ),
    }),
  ).toString('base64url');

test('each bidder gets only its imps, its params in imp.ext.bidder, other imp.ext keys, reduced ext.<ns>', () => {
  const c = ctx({
    imp: [
      {
        ...imp('1', { appnexus: { p: 1 }, rubicon: { r: 1 } }),
        ext: {
          prebid: {
            bidder: { appnexus: { p: 1 }, rubicon: { r: 1 } },
            is_rewarded_inventory: 1,
            storedrequest: { id: 'x' },
          },
          gpid: 'g1',
        },
      },
      imp('2', { rubicon: { r: 2 } }),
    ],
  });
  const s = splitBidders(c, { registry });
  assert.deepEqual(s.errors, {});
  assert.deepEqual(
    s.requests.map((r) => [r.bidder, r.adapterCode, r.request.imp.map((i) => i.id)]),
    [
      ['appnexus', 'appnexus', ['1']],
      ['rubicon', 'rubicon', ['1', '2']],
    ],
  );
  assert.deepEqual(s.requests[0]?.request.imp[0]?.ext, {
    gpid: 'g1',
    bidder: { p: 1 },
    prebid: { is_rewarded_inventory: 1 },
  });
  assert.deepEqual(s.requests[1]?.request.imp[1]?.ext, { gpid: '/slot/2', bidder: { r: 2 } });
  assert.equal(s.requests[1]?.request.test, 1, 'test is passed on');
  assert.equal(
    s.requests[0]?.request.imp[0]?.banner,
    c.request.imp[0]?.banner,
    'shallow copies share untouched objects',
  );
});

test('request.ext.<ns> is trimmed to what a bidder may see; aliases run their target adapter', () => {
  const c = ctx({
    imp: [imp('1', { a1: { p: 1 }, appnexus: { p: 2 } })],
    ext: {
      other: { keep: true },
      prebid: {
        aliases: { a1: 'appnexus' },
        bidderparams: { a1: { k: 1 } },
        targeting: { includewinners: true, includebrandcategory: { primaryadserver: 1 } },
        cache: { bids: {} },
        schains: [],
        channel: { name: 'web', version: '1' },
        debug: true,
      },
    },
  });
  const s = splitBidders(c, { registry });
  const alias = s.requests.find((r) => r.bidder === 'a1');
  assert.equal(alias?.adapterCode, 'appnexus');
  assert.deepEqual(alias?.request.ext, {
    other: { keep: true },
    prebid: {
      channel: { name: 'web', version: '1' },
      debug: true,
      bidderparams: { k: 1 },
      aliases: { a1: 'appnexus' },
      targeting: { includebrandcategory: { primaryadserver: 1 } },
    },
  });
  const plain = s.requests.find((r) => r.bidder === 'appnexus');
  assert.deepEqual(plain?.request.ext, {
    other: { keep: true },
    prebid: {
      channel: { name: 'web', version: '1' },
      debug: true,
      targeting: { includebrandcategory: { primaryadserver: 1 } },
    },
  });
});

test('capabilities: unsupported media types are dropped, uncovered imps and platforms are errors', () => {
  const c = ctx({
    imp: [
      {
        id: '1',
        banner: { w: 1, h: 1 },
        video: { mimes: ['video/mp4'] },
        ext: { prebid: { bidder: { banneronly: {} } } },
      },
      { id: '2', video: { mimes: ['video/mp4'] }, ext: { prebid: { bidder: { banneronly: {} } } } },
    ],
  });
  const s = splitBidders(c, { registry });
  assert.deepEqual(
    s.requests[0]?.request.imp.map((i) => [i.id, i.banner !== undefined, i.video !== undefined]),
    [['1', true, false]],
  );
  assert.deepEqual(
    s.errors.banneronly?.map((e) => [e.code, e.message]),
    [
      [2, "request.imp[0] uses video, but this bidder doesn't support it"],
      [2, "request.imp[1] uses video, but this bidder doesn't support it"],
      [2, 'request.imp[1] has no supported MediaTypes. It will be ignored'],
    ],
  );
  const app = splitBidders(ctx({ site: undefined, app: { id: 'a' }, imp: [imp('1', { siteonly: {} })] }), {
    registry,
  });
  assert.deepEqual(app.requests, []);
  assert.deepEqual(app.errors.siteonly, [{ code: 2, message: 'This bidder does not support app requests' }]);
});

test('buyer ID rules 1–3: request buyeruid for all, then ext.<ns>.buyeruids, then the uids cookie by syncer key', () => {
  const imps = [imp('1', { appnexus: {}, rubicon: {}, pubmatic: {} })];
  const cookies = { uids: uidsCookie({ adnxs: 'cookie-an', rubicon: 'cookie-ru' }) };
  const rule1 = splitBidders(
    ctx(
      { imp: imps, user: { buyeruid: 'everyone', ext: { prebid: { buyeruids: { rubicon: 'x' } } } } },
      cookies,
    ),
    { registry },
  );
  assert.deepEqual(
    rule1.requests.map((r) => r.request.user),
    [{ buyeruid: 'everyone' }, { buyeruid: 'everyone' }, { buyeruid: 'everyone' }],
  );
  const rules23 = splitBidders(
    ctx(
      { imp: imps, user: { id: 'u', ext: { prebid: { buyeruids: { RUBICON: 'explicit' } }, consent: 'c' } } },
      cookies,
    ),
    { registry },
  );
  assert.deepEqual(
    rules23.requests.map((r) => [r.bidder, r.request.user]),
    [
      ['appnexus', { id: 'u', buyeruid: 'cookie-an', ext: { consent: 'c' } }],
      ['rubicon', { id: 'u', buyeruid: 'explicit', ext: { consent: 'c' } }],
      ['pubmatic', { id: 'u', ext: { consent: 'c' } }],
    ],
  );
  const noUser = splitBidders(ctx({ imp: imps }, cookies), { registry });
  assert.deepEqual(
    noUser.requests.map((r) => r.request.user),
    [{ buyeruid: 'cookie-an' }, { buyeruid: 'cookie-ru' }, undefined],
  );
  const badCookie = splitBidders(ctx({ imp: imps }, { uids: '%%%not-base64' }), { registry });
  assert.deepEqual(
    badCookie.requests.map((r) => r.request.user),
    [undefined, undefined, undefined],
  );
});

test('schains: a named entry beats "*", which beats source.ext.schain; no node is added', () => {
  const own = { ver: '1.0', complete: 1, nodes: [{ asi: 'own.example' }] };
  const named = { ver: '1.0', complete: 1, nodes: [{ asi: 'named.example' }] };
  const star = { ver: '1.0', complete: 0, nodes: [{ asi: 'star.example' }] };
  const c = ctx({
    imp: [imp('1', { appnexus: {}, rubicon: {} })],
    source: { tid: 't', ext: { schain: own } },
    ext: {
      prebid: {
        schains: [
          { bidders: ['AppNexus'], schain: named },
          { bidders: ['*'], schain: star },
        ],
      },
    },
  });
  const s = splitBidders(c, { registry });
  assert.deepEqual(
    s.requests.map((r) => r.request.source),
    [
      { tid: 't', ext: { schain: named } },
      { tid: 't', ext: { schain: star } },
    ],
  );
  const none = splitBidders(ctx({ imp: [imp('1', { appnexus: {} })], source: { ext: { schain: own } } }), {
    registry,
  });
  assert.deepEqual(none.requests[0]?.request.source, { ext: { schain: own } });
});

test('eidpermissions restrict eid sources per bidder; sources without a rule go to everyone', () => {
  const eids = [
    { source: 'a.com', uids: [{ id: '1' }] },
    { source: 'b.com', uids: [{ id: '2' }] },
  ];
  const c = ctx({
    imp: [imp('1', { appnexus: {}, rubicon: {} })],
    user: { ext: { eids } },
    ext: { prebid: { data: { eidpermissions: [{ source: 'a.com', bidders: ['APPNEXUS'] }] } } },
  });
  const s = splitBidders(c, { registry });
  assert.deepEqual(
    s.requests.map((r) => (r.request.user?.ext?.eids as { source: string }[]).map((e) => e.source)),
    [['a.com', 'b.com'], ['b.com']],
  );
});

test('stored bid responses: the body is handed over and that imp loses the bidder params', () => {
  const c = ctx({
    imp: [imp('1', { appnexus: { p: 1 }, rubicon: { r: 1 } }), imp('2', { appnexus: { p: 2 } })],
  });
  const s = splitBidders(c, { registry, storedBidResponses: { '1': { AppNexus: '{"seatbid":[]}' } } });
  const an = s.requests.find((r) => r.bidder === 'appnexus');
  assert.deepEqual(an?.storedBidResponses, { '1': '{"seatbid":[]}' });
  assert.deepEqual(
    an?.request.imp.map((i) => i.ext?.bidder),
    [undefined, { p: 2 }],
  );
  assert.equal(s.requests.find((r) => r.bidder === 'rubicon')?.storedBidResponses, undefined);
});

test('imps with a stored auction response are sent to nobody; the namespace setting is honoured', () => {
  const c = ctx({
    imp: [
      {
        ...imp('1', { appnexus: {} }),
        ext: { prebid: { storedauctionresponse: { id: 's' }, bidder: { appnexus: {} } } },
      },
    ],
  });
  assert.deepEqual(splitBidders(c, { registry, storedAuctionImps: new Set(['1']) }).requests, []);
  const core = ctx(
    {
      imp: [{ id: '1', banner: {}, ext: { core: { bidder: { rubicon: { z: 1 } } } } }],
      ext: { core: { debug: true, cache: {} } },
    },
    {},
    'core',
  );
  const s = splitBidders(core, { registry });
  assert.deepEqual(s.requests[0]?.request.imp[0]?.ext, { bidder: { z: 1 } });
  assert.deepEqual(s.requests[0]?.request.ext, { core: { debug: true } });
});

test('the context request is not mutated', () => {
  const c = ctx({
    imp: [
      imp('1', { appnexus: {}, banneronly: {} }),
      { id: '2', video: { mimes: ['v'] }, ext: { prebid: { bidder: { banneronly: {} } } } },
    ],
    user: { ext: { prebid: { buyeruids: { appnexus: 'x' } } } },
    ext: { prebid: { schains: [{ bidders: ['*'], schain: { ver: '1.0' } }] } },
  });
  const before = JSON.stringify(c.request);
  splitBidders(c, { registry });
  assert.equal(JSON.stringify(c.request), before);
});

test('OpenRTB 2.6 privacy/eids/schain fields move to their 2.5 ext places for 2.5 bidders only', () => {
  const c = ctx({
    imp: [imp('1', { appnexus: {}, modern: {} })],
    regs: { gdpr: 1, us_privacy: '1YNN', ext: { other: 1 } },
    user: { consent: 'tcf', eids: [{ source: 'a.com', uids: [{ id: '1' }] }] },
    source: { schain: { ver: '1.0' } },
  });
  const s = splitBidders(c, { registry });
  const v25 = s.requests.find((r) => r.bidder === 'appnexus')?.request;
  assert.deepEqual(v25?.regs, { ext: { other: 1, gdpr: 1, us_privacy: '1YNN' } });
  assert.deepEqual(v25?.user, { ext: { consent: 'tcf', eids: [{ source: 'a.com', uids: [{ id: '1' }] }] } });
  assert.deepEqual(v25?.source, { ext: { schain: { ver: '1.0' } } });
  const v26 = s.requests.find((r) => r.bidder === 'modern')?.request;
  assert.equal(v26?.regs, c.request.regs);
  assert.equal(v26?.user, c.request.user);
  assert.equal(v26?.source, c.request.source);
});

test('a bidder without multi-format support gets its preferred type only: request, then account', () => {
  const multi = {
    id: 'm',
    banner: { format: [{ w: 300, h: 250 }] },
    video: { mimes: ['video/mp4'] },
    ext: { prebid: { bidder: { oneformat: {}, appnexus: {} } } },
  };
  const base = ctx({ imp: [multi] });
  const fromAccount = splitBidders(
    { ...base, account: { ...base.account, preferredMediaType: { oneformat: 'video' } } },
    { registry },
  );
  const one = fromAccount.requests.find((r) => r.bidder === 'oneformat');
  assert.deepEqual(Object.keys(one?.request.imp[0] ?? {}).includes('banner'), false);
  assert.ok(one?.request.imp[0]?.video);
  assert.deepEqual(fromAccount.bidderWarnings.oneformat?.[0]?.code, 10999);
  // A multi-format bidder keeps both types.
  const nexus = fromAccount.requests.find((r) => r.bidder === 'appnexus');
  assert.ok(nexus?.request.imp[0]?.banner && nexus.request.imp[0].video);

  const fromRequest = splitBidders(
    ctx({ imp: [multi], ext: { prebid: { biddercontrols: { oneformat: { prefmtype: 'banner' } } } } }),
    { registry },
  );
  const banner = fromRequest.requests.find((r) => r.bidder === 'oneformat')?.request.imp[0];
  assert.ok(banner?.banner && banner.video === undefined);

  const none = splitBidders(ctx({ imp: [multi] }), { registry });
  assert.equal(
    none.requests.find((r) => r.bidder === 'oneformat'),
    undefined,
  );
  assert.match(none.errors.oneformat?.[0]?.message ?? '', /preferred media type is not defined/);
});

test('DOOH requests go to bidders with dooh capabilities only', () => {
  const c = ctx({
    site: undefined,
    dooh: { id: 'screen-1' },
    imp: [imp('1', { oneformat: {}, appnexus: {} })],
  });
  const s = splitBidders(c, { registry });
  assert.deepEqual(
    s.requests.map((r) => r.bidder),
    ['oneformat'],
  );
  assert.deepEqual(s.errors.appnexus, [{ code: 2, message: 'This bidder does not support dooh requests' }]);
});
