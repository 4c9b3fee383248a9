// Cases of G exchange/utils_test.go (buildRequestExtForBidder alternatebiddercodes) plus parsing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  alternateCodesFor,
  alternateCodesJson,
  bidderRequestAlternateCodes,
  parseAlternateBidderCodes,
} from './settings.js';
import { isAllowedSeat } from './codes.js';

const account = { enabled: true, bidders: { appnexus: { enabled: true, allowedbiddercodes: ['groupm'] } } };

test('the account applies when the request has none (harness account alternate_bidder_code_acct)', () => {
  const r = alternateCodesFor({ requestExt: { targeting: {} }, ns: 'prebid', account });
  assert.equal(r.source, 'account');
  assert.deepEqual(isAllowedSeat(r.settings, 'appnexus', 'groupm'), { ok: true });
  assert.equal(isAllowedSeat(r.settings, 'appnexus', 'other').ok, false);
});

test('the request object replaces the account object, even when empty', () => {
  const r = alternateCodesFor({ requestExt: { alternatebiddercodes: {} }, account });
  assert.equal(r.source, 'request');
  assert.deepEqual(r.settings, { enabled: false });
  assert.deepEqual(isAllowedSeat(r.settings, 'appnexus', 'groupm'), {
    ok: false,
    warning: {
      code: 10005,
      message: 'alternateBidderCodes disabled for "appnexus", rejecting bids for "groupm"',
    },
  });
  const nul = alternateCodesFor({ requestExt: { alternatebiddercodes: null }, account });
  assert.equal(nul.source, 'account');
});

test('nothing configured: no settings', () => {
  assert.deepEqual(alternateCodesFor({}), { requestErrors: [], accountErrors: [] });
});

test('wrong types are reported by path and the object ignored', () => {
  const r = alternateCodesFor({
    requestExt: { alternatebiddercodes: { enabled: 'yes', bidders: { a: { allowedbiddercodes: [1] } } } },
    ns: 'prebid',
    account: { bidders: [] },
  });
  assert.deepEqual(r.requestErrors, [
    'request.ext.prebid.alternatebiddercodes.enabled must be a boolean',
    'request.ext.prebid.alternatebiddercodes.bidders.a.allowedbiddercodes must be an array of strings',
  ]);
  assert.deepEqual(r.accountErrors, ['alternatebiddercodes.bidders must be an object']);
  assert.equal(r.settings, undefined);
});

test('per-bidder copy keeps only that bidder (G buildRequestExtAlternateBidderCodes)', () => {
  const req = parseAlternateBidderCodes(
    {
      enabled: true,
      bidders: {
        foo: { enabled: true, allowedbiddercodes: ['foo2'] },
        bar: { enabled: true, allowedbiddercodes: ['ix'] },
      },
    },
    'x',
  ).settings;
  assert.deepEqual(bidderRequestAlternateCodes(req, 'foo'), {
    enabled: true,
    bidders: { foo: { enabled: true, allowedbiddercodes: ['foo2'] } },
  });
  assert.deepEqual(bidderRequestAlternateCodes(req, 'baz'), { enabled: true, bidders: null });
  assert.deepEqual(bidderRequestAlternateCodes({ enabled: false }, 'foo'), { enabled: false, bidders: null });
  assert.equal(bidderRequestAlternateCodes(undefined, 'foo'), undefined);
  const ci = parseAlternateBidderCodes({ enabled: true, bidders: { Foo: { enabled: true } } }, 'x').settings;
  assert.deepEqual(bidderRequestAlternateCodes(ci, 'foo'), {
    enabled: true,
    bidders: { foo: { enabled: true, allowedbiddercodes: null } },
  });
});

test('alternateCodesJson round-trips the wire shape', () => {
  const s = parseAlternateBidderCodes(account, 'x').settings!;
  assert.deepEqual(alternateCodesJson(s), account);
  assert.deepEqual(alternateCodesJson({ enabled: true }), { enabled: true, bidders: null });
  const proto = parseAlternateBidderCodes(
    JSON.parse('{"enabled":true,"bidders":{"__proto__":{"enabled":true}}}'),
    'x',
  ).settings!;
  assert.deepEqual(Object.keys(alternateCodesJson(proto)['bidders'] as object), ['__proto__']);
});
