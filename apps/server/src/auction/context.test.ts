import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Account } from '../accounts/types.js';
import type { BidRequest } from '../openrtb/types.js';
import {
  accountIdOf,
  applyDefaultRequest,
  checkAccess,
  createAuctionContext,
  parseDefaultRequest,
} from './context.js';
import { computeDeadline, effectiveTmax } from './deadline.js';

const account = (over: Partial<Account> = {}): Account => ({
  id: 'a',
  disabled: false,
  debugAllowed: true,
  cacheTtl: {},
  eventsEnabled: false,
  ...over,
});
const access = { blockedApps: ['bad-app'], blockedAccounts: ['bad-acct'], accountRequired: false };

test('the default request is merged under the request with RFC 7386: request wins, null deletes, arrays replace', () => {
  const request = {
    id: 'r',
    imp: [{ id: '2' }],
    ext: { b: { c: null, x: 1 }, f: 'y' },
  } as unknown as BidRequest;
  const merged = applyDefaultRequest(request, { a: 1, imp: [{ id: '1' }], ext: { b: { c: 2, d: 3 } } });
  assert.deepEqual(merged, { a: 1, id: 'r', imp: [{ id: '2' }], ext: { b: { d: 3, x: 1 }, f: 'y' } });
  assert.equal(applyDefaultRequest(request, undefined), request);
});

test('default request: empty → none, broken or non-object → not ok', () => {
  assert.deepEqual(parseDefaultRequest(''), { ok: true, value: undefined });
  assert.deepEqual(parseDefaultRequest('{"a":1}'), { ok: true, value: { a: 1 } });
  assert.deepEqual(parseDefaultRequest('{nope'), { ok: false });
  assert.deepEqual(parseDefaultRequest('[1]'), { ok: false });
});

test('account id: app.publisher.id before site.publisher.id, numbers accepted', () => {
  assert.equal(accountIdOf({ id: 'r', imp: [], site: { publisher: { id: 's' } } }), 's');
  assert.equal(accountIdOf({ id: 'r', imp: [], app: { publisher: { id: 7 } } as never }), '7');
  assert.equal(accountIdOf({ id: 'r', imp: [] }), '');
});

test('access: blocked app, required account, disabled or blocked account', () => {
  const req = { id: 'r', imp: [] };
  assert.deepEqual(checkAccess(req, account(), access), []);
  assert.match(
    checkAccess({ ...req, app: { id: 'bad-app' } }, account(), access)[0] ?? '',
    /App ID: bad-app/,
  );
  assert.match(
    checkAccess(req, account({ id: '' }), { ...access, accountRequired: true })[0] ?? '',
    /without a valid Account ID/,
  );
  assert.match(
    checkAccess(req, account({ id: 'bad-acct' }), access)[0] ?? '',
    /blocklisted Account ID: bad-acct/,
  );
  assert.match(checkAccess(req, account({ disabled: true }), access)[0] ?? '', /disabled Account ID: a/);
});

test('debug: test=1 or ext.<ns>.debug; an account that refuses it → warning 10002 on every response', () => {
  const base = {
    ns: 'prebid' as const,
    endpoint: 'auction' as const,
    http: { cookies: {}, headers: {} },
    startedAt: 0,
    bidderDeadline: 0,
    warnings: [],
  };
  const on = createAuctionContext({
    ...base,
    request: { id: 'r', imp: [], ext: { prebid: { debug: true } } },
    account: account(),
  });
  assert.equal(on.debug, true);
  assert.equal(on.currency, 'USD');
  const off = createAuctionContext({
    ...base,
    request: { id: 'r', imp: [], test: 1, cur: ['EUR'] },
    account: account({ debugAllowed: false }),
  });
  assert.equal(off.debug, false);
  assert.equal(off.currency, 'EUR');
  assert.deepEqual(off.warnings, [{ code: 10002, message: 'debug turned off for account' }]);
  const quiet = createAuctionContext({
    ...base,
    request: { id: 'r', imp: [] },
    account: account({ debugAllowed: false }),
  });
  assert.deepEqual(quiet.warnings, [{ code: 10002, message: 'debug turned off for account' }]);
  const allowed = createAuctionContext({ ...base, request: { id: 'r', imp: [] }, account: account() });
  assert.deepEqual(allowed.warnings, []);
});

test('deadline: tmax or default, capped by the maximum, minus the margin (at most half of tmax)', () => {
  const s = { defaultMs: 1000, maxMs: 3000, marginMs: 50 };
  assert.equal(effectiveTmax(undefined, s), 1000);
  assert.equal(effectiveTmax(0, s), 1000);
  assert.equal(effectiveTmax(500, s), 500);
  assert.equal(effectiveTmax(10_000, s), 3000);
  assert.deepEqual(computeDeadline(500, 100, s), { tmaxMs: 500, bidderDeadline: 550 });
  assert.deepEqual(computeDeadline(60, 0, s), { tmaxMs: 60, bidderDeadline: 30 });
});
