// Invalid bidders on the page (issue 24): `drop` (the default) leaves an unknown bidder or one with
// invalid params out with a warning naming the imp and the bidder; an imp with no valid bidder left is
// dropped; a request with no imp left is a 400 naming request.imp. `reject` is upstream Go's 400.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest, Imp } from '../../openrtb/types.js';
import { base, standardBidders } from '../request/fake-bidders-test-kit.js';
import { validateRequest, validationEnv } from './validate-request.js';
import { invalidBiddersMode, NO_IMP_LEFT } from '../request/invalid-bidders.js';

const registry = standardBidders();
const banner = { format: [{ w: 300, h: 250 }] };

function twoImps(first: Record<string, unknown>, second: Record<string, unknown>): BidRequest {
  return base({
    imp: [
      { id: 'imp-1', banner, ext: first },
      { id: 'imp-2', banner, ext: second },
    ],
  });
}

const messages = (r: { warnings: { message: string }[] }) => r.warnings.map((w) => w.message);

test('drop is the default: an unknown bidder (namespace form) is left out with a warning', () => {
  const req = twoImps(
    { prebid: { bidder: { appnexus: { placementId: 1 }, nobody: { x: 1 } } } },
    { prebid: { bidder: { rubicon: {} } } },
  );
  const r = validateRequest(req, { ns: 'prebid', registry });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.imp[0]?.ext, { prebid: { bidder: { appnexus: { placementId: 1 } } } });
  assert.deepEqual(r.request.imp[1]?.ext, { prebid: { bidder: { rubicon: {} } } });
  assert.deepEqual(r.warnings, [
    {
      code: 10999,
      message:
        'request.imp[0].ext.prebid.bidder.nobody was dropped with a reason: request.imp[0].ext.prebid.bidder contains unknown bidder: nobody. Did you forget an alias in request.ext.prebid.aliases?',
    },
  ]);
});

test('drop: invalid params (namespace or legacy form, bidderparams merged) drop only that bidder', () => {
  const req = twoImps(
    { core: { bidder: { appnexus: { placementId: 1 }, rubicon: { invalid: true } } } },
    { pubmatic: { invalid: true }, appnexus: { placementId: 2 } },
  );
  const r = validateRequest(req, { ns: 'core', registry, invalidBidders: 'drop' });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(r.request.imp[0]?.ext, { core: { bidder: { appnexus: { placementId: 1 } } } });
  assert.deepEqual(r.request.imp[1]?.ext, { core: { bidder: { appnexus: { placementId: 2 } } } });
  assert.deepEqual(messages(r), [
    'request.imp[0].ext.core.bidder.rubicon was dropped with a reason: request.imp[0].ext.core.bidder.rubicon failed validation.\ninvalid: rubicon rejects it',
    'request.imp[1].ext.core.bidder.pubmatic was dropped with a reason: request.imp[1].ext.core.bidder.pubmatic failed validation.\ninvalid: pubmatic rejects it',
  ]);
});

test('drop: an imp left with no valid bidder is dropped with a warning; the others run', () => {
  const req = twoImps(
    { prebid: { bidder: { nobody: {}, appnexus: { invalid: true } } } },
    { prebid: { bidder: { appnexus: { placementId: 3 } } } },
  );
  const r = validateRequest(req, { ns: 'prebid', registry, invalidBidders: 'drop' });
  assert.deepEqual(r.errors, []);
  assert.deepEqual(
    r.request.imp.map((i: Imp) => i.id),
    ['imp-2'],
  );
  assert.equal(r.warnings.length, 3);
  assert.equal(
    r.warnings[2]?.message,
    'request.imp[0].ext must contain at least one valid bidder: imp "imp-1" was dropped',
  );
  // The input is never mutated.
  assert.equal(req.imp.length, 2);
});

test('drop: a request left with no imp is a 400 naming request.imp, after the warnings', () => {
  const req = twoImps({ prebid: { bidder: { nobody: {} } } }, { thing: { a: 1 } });
  const r = validateRequest(req, { ns: 'prebid', registry, invalidBidders: 'drop' });
  assert.equal(r.errors.at(-1), NO_IMP_LEFT);
  assert.match(NO_IMP_LEFT, /^request\.imp /);
  assert.deepEqual(r.errors.slice(0, -1), messages(r));
  assert.match(r.errors[0] ?? '', /request\.imp\[0\]\.ext\.prebid\.bidder\.nobody was dropped/);
  // Legacy form: an unknown key is not a bidder (upstream Go's warning), and the imp is left with none.
  assert.ok(r.errors.includes("request.imp[1].ext contains unknown bidder: 'thing', ignoring"));
});

test('drop does not excuse an imp naming no bidder at all, nor other rules', () => {
  const empty = validateRequest(twoImps({ prebid: { bidder: {} } }, { appnexus: {} }), {
    ns: 'prebid',
    registry,
  });
  assert.deepEqual(empty.errors, ['request.imp[0].ext.prebid.bidder must contain at least one bidder']);
  const alias = validateRequest(base({ ext: { prebid: { aliases: { a1: 'nobody' } } } }), {
    ns: 'prebid',
    registry,
  });
  assert.deepEqual(alias.errors, ['request.ext.prebid.aliases.a1 refers to unknown bidder: nobody']);
});

test('reject: the first unknown bidder or invalid params answers 400 (upstream Go)', () => {
  const unknown = validateRequest(twoImps({ prebid: { bidder: { nobody: {} } } }, { appnexus: {} }), {
    ns: 'prebid',
    registry,
    invalidBidders: 'reject',
  });
  assert.deepEqual(unknown.errors, [
    'request.imp[0].ext.prebid.bidder contains unknown bidder: nobody. Did you forget an alias in request.ext.prebid.aliases?',
  ]);
  const params = validateRequest(twoImps({ appnexus: {} }, { rubicon: { invalid: true } }), {
    ns: 'prebid',
    registry,
    invalidBidders: 'reject',
  });
  assert.deepEqual(params.errors, [
    'request.imp[1].ext.prebid.bidder.rubicon failed validation.\ninvalid: rubicon rejects it',
  ]);
});

test('the mode: the account wins over the host, the host over the default (drop)', () => {
  assert.equal(invalidBiddersMode(undefined, undefined), 'drop');
  assert.equal(invalidBiddersMode({}, 'reject'), 'reject');
  assert.equal(invalidBiddersMode({ invalidBidders: 'drop' }, 'reject'), 'drop');
  assert.equal(invalidBiddersMode({ invalidBidders: 'reject' }, undefined), 'reject');
  const env = validationEnv({ ns: 'prebid', registry, invalidBidders: 'drop' }, { invalidBidders: 'reject' });
  assert.equal(env.invalidBidders, 'reject');
  assert.equal(env.registry, registry);
});
