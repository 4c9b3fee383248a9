// Step 4: notes §7 rules with upstream messages in the configured namespace, normalisation
// (legacy params promotion, bidderparams merge, native ids), warnings, no mutation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import { base, standardBidders, withImp } from '../request/fake-bidders-test-kit.js';
import { validateRequest } from './validate-request.js';

const registry = standardBidders();

// Upstream Go's rules: an unknown bidder or invalid params is a 400 (`drop` is tested in
// validate-request-invalid-bidders.test.ts).
const run = (req: unknown, ns: 'core' | 'prebid' = 'prebid') =>
  validateRequest(req as BidRequest, { ns, registry, invalidBidders: 'reject' });

test('a valid request passes and keeps its values', () => {
  const r = run(base());
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(r.request.imp[0]?.ext, { prebid: { bidder: { appnexus: { placementId: 1 } } } });
});

test('messages follow the configured namespace', () => {
  const r = run(base({ ext: { core: { aliases: { a1: 'nobody' } } } }), 'core');
  assert.deepEqual(r.errors, ['request.ext.core.aliases.a1 refers to unknown bidder: nobody']);
  const p = run(withImp({ ext: { core: { bidder: { appnexus: { invalid: true } } } } }), 'core');
  assert.match(p.errors[0] ?? '', /^request\.imp\[0\]\.ext\.core\.bidder\.appnexus failed validation\./);
  // ext.prebid is not ours in the core namespace: it is simply not a bidder.
  const ok = run(withImp({ ext: { prebid: { bidder: { nobody: {} } }, appnexus: {} } }), 'core');
  assert.deepEqual(ok.errors, []);
});

test('legacy params are promoted, bidderparams fill only missing top-level keys, unknown keys warn', () => {
  const req = withImp(
    {
      ext: {
        appnexus: { placementId: 1 },
        pubmatic: { wrapper: { profile: 1 } },
        thing: { a: 1 },
        gpid: 'g',
      },
    },
    {
      ext: {
        prebid: {
          bidderparams: {
            appnexus: { placementId: 2 },
            pubmatic: { publisherId: '5', wrapper: { profile: 9, version: 2 } },
          },
        },
      },
    },
  );
  const r = run(req);
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.imp[0]?.ext, {
    gpid: 'g',
    thing: { a: 1 },
    prebid: {
      bidder: { appnexus: { placementId: 1 }, pubmatic: { publisherId: '5', wrapper: { profile: 1 } } },
    },
  });
  assert.deepEqual(r.warnings, [
    { code: 10999, message: "request.imp[0].ext contains unknown bidder: 'thing', ignoring" },
  ]);
});

test('with ext.<ns>.bidder present, legacy keys are left alone (the namespace wins)', () => {
  const r = run(
    withImp({ ext: { prebid: { bidder: { rubicon: { a: 1 } } }, appnexus: { placementId: 3 } } }),
  );
  assert.deepEqual(r.request.imp[0]?.ext, {
    prebid: { bidder: { rubicon: { a: 1 } } },
    appnexus: { placementId: 3 },
  });
});

test('bidder names are case-insensitive and kept as written; aliases resolve', () => {
  const r = run(
    withImp(
      { ext: { AppNexus: { placementId: 1 }, a1: { x: 1 } } },
      { ext: { prebid: { aliases: { a1: 'RUBICON' } } } },
    ),
  );
  assert.deepEqual(r.errors, []);
  assert.deepEqual(Object.keys((r.request.imp[0]?.ext?.prebid as { bidder: object }).bidder), [
    'AppNexus',
    'a1',
  ]);
});

test('a disabled bidder is a warning and removed; with nothing left the request fails listing both', () => {
  const mixed = run(withImp({ ext: { offline: {}, appnexus: {} } }));
  assert.deepEqual(mixed.errors, []);
  assert.equal(mixed.warnings[0]?.code, 6);
  assert.match(mixed.warnings[0]?.message ?? '', /^Bidder "offline" has been disabled/);
  const only = run(withImp({ ext: { offline: {} } }));
  assert.equal(only.errors.length, 2);
  assert.match(only.errors[0] ?? '', /has been disabled/);
  assert.equal(only.errors[1], 'request.imp[0].ext.prebid.bidder must contain at least one bidder');
});

test('invalid us_privacy is dropped with a warning; extra currencies are cut with a warning', () => {
  const r = run(base({ regs: { ext: { us_privacy: '1YX', gdpr: 0 } }, cur: ['EUR', 'USD'] }));
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.regs, { ext: { gdpr: 0 } });
  assert.deepEqual(r.request.cur, ['EUR']);
  assert.deepEqual(
    r.warnings.map((w) => w.code),
    [10999, 10001],
  );
  assert.match(
    r.warnings[1]?.message ?? '',
    /CCPA consent is invalid and will be ignored\. \(request\.regs\.ext\.us_privacy must contain 4 characters\)/,
  );
});

test('native asset ids default to the index only when none is set', () => {
  const r = run(
    withImp({
      banner: undefined,
      native: { request: '{"ver":"1.2","assets":[{"img":{"wmin":30}},{"title":{"len":9}}]}' },
    }),
  );
  assert.deepEqual(r.errors, []);
  const native = JSON.parse(r.request.imp[0]?.native?.request ?? '') as {
    ver: string;
    assets: { id: number }[];
  };
  assert.equal(native.ver, '1.2');
  assert.deepEqual(
    native.assets.map((a) => a.id),
    [0, 1],
  );
  const partial = run(
    withImp({ banner: undefined, native: { request: '{"assets":[{"id":4,"img":{}},{"title":{"len":9}}]}' } }),
  );
  assert.deepEqual(partial.errors, []);
  assert.equal(partial.request.imp[0]?.native?.request, '{"assets":[{"id":4,"img":{}},{"title":{"len":9}}]}');
});

test('interstitial banners need no size; granularity strings are accepted', () => {
  const r = run(
    withImp({ instl: 1, banner: {} }, { ext: { prebid: { targeting: { pricegranularity: 'dense' } } } }),
  );
  assert.deepEqual(r.errors, []);
});

test('the input is never mutated', () => {
  const req = withImp(
    { ext: { appnexus: { placementId: 1 } } },
    { ext: { prebid: { bidderparams: { appnexus: { k: 1 } } } } },
  );
  const before = JSON.stringify(req);
  const r = run(req);
  assert.deepEqual(r.errors, []);
  assert.equal(JSON.stringify(req), before);
  assert.notEqual(r.request, req);
});

test('DOOH: exactly one of site/app/dooh, and dooh needs an id or venue types (G validateDOOH)', () => {
  const dooh = (d: unknown, over: Record<string, unknown> = {}) =>
    run(base({ site: undefined, dooh: d, ...over }));
  assert.deepEqual(dooh({ id: 'screen-1' }).errors, []);
  assert.deepEqual(dooh({ venuetype: ['airport'] }).errors, []);
  assert.deepEqual(dooh({}).errors, [
    'request.dooh should include at least one of request.dooh.id or request.dooh.venuetype.',
  ]);
  assert.deepEqual(dooh({ id: 'x' }, { site: { page: 'https://p.example/' } }).errors, [
    'No more than one of request.site or request.app or request.dooh can be defined',
  ]);
  assert.deepEqual(dooh('screen').errors, ['request.dooh must be an object']);
  assert.deepEqual(dooh({ id: 7 }).errors, ['request.dooh.id must be a string']);
  assert.deepEqual(dooh({ venuetype: 'airport' }).errors, ['request.dooh.venuetype must be an array']);
});
