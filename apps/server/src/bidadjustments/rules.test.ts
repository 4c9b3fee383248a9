import { test } from 'node:test';
import assert from 'node:assert/strict';
import { block, buildRules, cpm, mult, plain, stat } from './bidadjustments.testkit.js';
import { ACCOUNT_INVALID, REQUEST_INVALID, mergeBidAdjustments, resolveBidAdjustments } from './rules.js';

const adj = (adjtype: string, value: number, currency?: string) => ({ adjtype, value, currency });
const one = (type: string, bidder: string, deal: string, a: unknown[]) => ({
  mediatype: { [type]: { [bidder]: { [deal]: a } } },
});

test('G TestBuildRules: one key per media type, bidder and deal id', () => {
  assert.equal(buildRules(undefined).size, 0);
  const rules = buildRules(
    block({
      mediatype: {
        banner: {
          bidderA: { dealId: [adj('multiplier', 1.1)] },
          '*': { diffDealId: [adj('cpm', 1.1, 'USD')], '*': [adj('static', 5, 'USD')] },
        },
        'video-instream': { '*': { '*': [adj('multiplier', 1.1), adj('cpm', 0.18, 'USD')] } },
        'video-outstream': { bidderB: { '*': [adj('static', 0.25, 'USD')] } },
      },
    }),
  );
  assert.deepEqual(Object.fromEntries(rules), {
    'banner|biddera|dealId': [mult(1.1)],
    'banner|*|diffDealId': [cpm(1.1, 'USD')],
    'banner|*|*': [stat(5, 'USD')],
    'video-instream|*|*': [mult(1.1), cpm(0.18, 'USD')],
    'video-outstream|bidderb|*': [stat(0.25, 'USD')],
  });
});

test('G TestMerge: request and account rules combine; the request wins per bidder and deal', () => {
  const m = (req: unknown, acct: unknown) => plain(mergeBidAdjustments(block(req), block(acct)));
  const a11 = [adj('multiplier', 1.1)];
  const a15 = [adj('multiplier', 1.5)];
  // DiffBidderNames
  assert.deepEqual(
    m(one('banner', 'bidderA', 'dealId', a11), one('banner', 'bidderB', 'dealId', a15)),
    plain(block({ mediatype: { banner: { bidderA: { dealId: a11 }, bidderB: { dealId: a15 } } } })),
  );
  // RequestTakesPrecedence
  assert.deepEqual(
    m(one('audio', 'bidderA', 'dealId', a11), one('audio', 'bidderA', 'dealId', a15)),
    plain(block(one('audio', 'bidderA', 'dealId', a11))),
  );
  // DiffDealIds
  const st = [adj('static', 3, 'USD')];
  assert.deepEqual(
    m(one('video-instream', 'bidderA', 'dealId', st), one('video-instream', 'bidderA', 'diffDealId', a15)),
    plain(block({ mediatype: { 'video-instream': { bidderA: { dealId: st, diffDealId: a15 } } } })),
  );
  // ReqAdjVideoAcctAdjBanner, AcctWildCardRequestVideo
  assert.deepEqual(
    m(one('video-outstream', 'bidderA', 'dealId', a11), one('*', 'bidderB', 'dealId', a15)),
    plain(
      block({
        mediatype: { 'video-outstream': { bidderA: { dealId: a11 } }, '*': { bidderB: { dealId: a15 } } },
      }),
    ),
  );
});

test('G TestMerge: an absent side leaves the other as it is', () => {
  const b = block(one('banner', 'bidderA', 'dealId', [adj('multiplier', 1.1)]));
  assert.equal(mergeBidAdjustments(undefined, undefined), undefined);
  assert.equal(mergeBidAdjustments(b, undefined), b);
  assert.equal(mergeBidAdjustments(undefined, b), b);
  assert.equal(block({}) !== undefined, true); // "{}" is a block without rules, not an absent one
  assert.equal(block(null), undefined);
});

test('bidder keys merge case-insensitively', () => {
  const merged = mergeBidAdjustments(
    block(one('banner', 'BidderA', 'd', [adj('multiplier', 2)])),
    block(one('banner', 'biddera', 'd', [adj('multiplier', 3)])),
  );
  assert.deepEqual(Object.fromEntries(buildRules(merged)), { 'banner|biddera|d': [mult(2)] });
});

test('G TestMergeAndValidate: valid request and account', () => {
  const r = resolveBidAdjustments({
    request: one('banner', 'bidderA', 'dealId', [adj('multiplier', 1.1)]),
    account: block(one('banner', 'bidderB', 'dealId', [adj('multiplier', 1.5)])),
  });
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(Object.fromEntries(r.rules), {
    'banner|biddera|dealId': [mult(1.1)],
    'banner|bidderb|dealId': [mult(1.5)],
  });
});

test('G: an invalid request block is dropped with a warning; the account still applies', () => {
  const r = resolveBidAdjustments({
    request: one('banner', 'bidderA', 'dealId', [adj('multiplier', 200)]),
    account: block(one('banner', 'bidderB', 'dealId', [adj('multiplier', 1.5)])),
  });
  assert.deepEqual(r.warnings, [{ code: 10008, message: REQUEST_INVALID }]);
  assert.deepEqual(Object.fromEntries(r.rules), { 'banner|bidderb|dealId': [mult(1.5)] });
});

test('G: an invalid account block drops every rule, the request’s too', () => {
  const r = resolveBidAdjustments({
    request: one('banner', 'bidderA', 'dealId', [adj('multiplier', 1.1)]),
    account: block(one('banner', 'bidderB', 'dealId', [adj('multiplier', -1.5)])),
  });
  assert.deepEqual(r.warnings, [{ code: 10008, message: ACCOUNT_INVALID }]);
  assert.equal(r.rules.size, 0);
});

test('G: an invalid account entry the request overrides is not looked at', () => {
  const r = resolveBidAdjustments({
    request: one('banner', 'bidderA', 'dealId', [adj('multiplier', 1.1)]),
    account: block(one('banner', 'bidderA', 'dealId', [adj('multiplier', -1.5)])),
  });
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(Object.fromEntries(r.rules), { 'banner|biddera|dealId': [mult(1.1)] });
});

test('a request block of the wrong JSON shape is reported, and treated as absent', () => {
  const r = resolveBidAdjustments({
    request: one('banner', 'bidderA', 'dealId', [{ adjtype: 'cpm', value: '1' }]),
    account: block(one('banner', 'bidderB', 'dealId', [adj('multiplier', 1.5)])),
  });
  assert.equal(r.requestError, 'bidadjustments.mediatype.banner.bidderA.dealId[0].value must be a number');
  assert.deepEqual(r.warnings, []);
  assert.deepEqual(Object.fromEntries(r.rules), { 'banner|bidderb|dealId': [mult(1.5)] });
});

test('no request block and no account → no rules, no warnings', () => {
  assert.deepEqual(resolveBidAdjustments({ request: undefined }), { rules: new Map(), warnings: [] });
});
