// Cases of G exchange_test.go TestValidateBannerCreativeSize, TestValidateBidAdM and
// TestMakeBidWithValidation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isInsecureMarkup, validateBid, VALIDATION_MESSAGE } from './validate-bid.js';
import { DEFAULT_VALIDATION_SETTINGS, type BidValidationSettings } from './types.js';

const settings = (s: Partial<BidValidationSettings>): BidValidationSettings => ({
  ...DEFAULT_VALIDATION_SETTINGS,
  maxCreativeWidth: 100,
  maxCreativeHeight: 100,
  ...s,
});

test('banner size: either dimension over the maximum fails', () => {
  const enforce = settings({ bannerCreativeMaxSize: 'enforce' });
  const cases: [number, number, boolean][] = [
    [200, 200, false],
    [200, 50, false],
    [50, 200, false],
    [50, 50, true],
    [100, 100, true],
  ];
  for (const [w, h, valid] of cases) {
    const v = validateBid({ bid: { id: 'b', w, h }, type: 'banner', settings: enforce });
    assert.equal(v.reject === undefined, valid, `${w}x${h}`);
  }
});

test('secure markup: insecure scheme and no secure one', () => {
  assert.equal(isInsecureMarkup('http://domain.com/invalid'), true);
  assert.equal(isInsecureMarkup('http://www.foo.com https://www.bar.com'), false);
  assert.equal(isInsecureMarkup('http%3A//www.foo.com https%3A//www.bar.com'), false);
  assert.equal(isInsecureMarkup('https://domain.com/valid'), false);
  assert.equal(isInsecureMarkup('<div>no urls</div>'), false);
  assert.equal(isInsecureMarkup(undefined), false);
});

test('size enforce: rejected with 351 and the error (code 4)', () => {
  const v = validateBid({
    bid: { w: 200, h: 200 },
    type: 'banner',
    settings: settings({ bannerCreativeMaxSize: 'enforce' }),
  });
  const error = { code: 4, message: VALIDATION_MESSAGE.sizeRejected };
  assert.deepEqual(v, {
    reject: { code: 351, error },
    errors: [error],
    warnings: [],
    metrics: [{ check: 'size', outcome: 'err' }],
  });
});

test('size warn: kept with the warning text in errors', () => {
  const v = validateBid({
    bid: { w: 200, h: 200 },
    type: 'banner',
    settings: settings({ bannerCreativeMaxSize: 'warn' }),
  });
  assert.equal(v.reject, undefined);
  assert.deepEqual(v.errors, [
    { code: 4, message: 'bidResponse creative size warning: size WxH larger than AdUnit sizes' },
  ]);
});

test('size check is for banner bids only', () => {
  const v = validateBid({
    bid: { w: 900, h: 900 },
    type: 'video',
    settings: settings({ bannerCreativeMaxSize: 'enforce' }),
  });
  assert.deepEqual(v.errors, []);
});

test('size check with the default maximum (0) rejects every sized banner, accepts unsized', () => {
  const s = { ...DEFAULT_VALIDATION_SETTINGS, bannerCreativeMaxSize: 'enforce' as const };
  assert.ok(validateBid({ bid: { w: 1, h: 1 }, type: 'banner', settings: s }).reject);
  assert.equal(validateBid({ bid: { adm: 'http://x' }, type: 'banner', settings: s }).reject, undefined);
});

test('secure enforce: banner and video rejected with 352; native and audio unchecked', () => {
  const s = settings({ secureMarkup: 'enforce' });
  const bid = { adm: 'http://domain.com/invalid', impid: '1' };
  for (const type of ['banner', 'video'] as const) {
    const v = validateBid({ bid, type, settings: s });
    assert.deepEqual(v.reject, {
      code: 352,
      error: { code: 4, message: 'bidResponse rejected: insecure creative in secure context' },
    });
  }
  for (const type of ['native', 'audio'] as const)
    assert.deepEqual(validateBid({ bid, type, settings: s }).errors, []);
  assert.equal(
    validateBid({ bid: { adm: 'https://domain.com/valid' }, type: 'banner', settings: s }).reject,
    undefined,
  );
});

test('secure warn: kept with upstream warning text', () => {
  const v = validateBid({
    bid: { adm: 'http://x' },
    type: 'video',
    settings: settings({ secureMarkup: 'warn' }),
  });
  assert.equal(v.reject, undefined);
  assert.deepEqual(v.errors, [
    { code: 4, message: 'bidResponse secure markup warning: insecure creative in secure contexts' },
  ]);
  assert.deepEqual(v.metrics, [{ check: 'secure', outcome: 'warn' }]);
});

test('secure check runs only for bids of a known imp', () => {
  const v = validateBid({
    bid: { adm: 'http://x' },
    type: 'banner',
    impKnown: false,
    settings: settings({ secureMarkup: 'enforce' }),
  });
  assert.equal(v.reject, undefined);
});

test('skip modes do nothing', () => {
  const v = validateBid({ bid: { w: 999, h: 999, adm: 'http://x' }, type: 'banner', settings: settings({}) });
  assert.deepEqual(v, { errors: [], warnings: [], metrics: [] });
});

test('skip modes do not read the markup or the size (every bid of every auction passes here)', () => {
  const read: string[] = [];
  const bid = {};
  for (const key of ['adm', 'w', 'h'])
    Object.defineProperty(bid, key, {
      enumerable: true,
      get: () => {
        read.push(key);
        return key === 'adm' ? 'http://x' : 999;
      },
    });
  const v = validateBid({ bid, type: 'banner', settings: settings({}) });
  assert.deepEqual(v, { errors: [], warnings: [], metrics: [] });
  assert.deepEqual(read, []);
});

test('size warn and secure warn both report', () => {
  const v = validateBid({
    bid: { w: 999, h: 999, adm: 'http://x' },
    type: 'banner',
    settings: settings({ bannerCreativeMaxSize: 'warn', secureMarkup: 'warn' }),
  });
  assert.equal(v.errors.length, 2);
});

test('size enforce stops before the markup check', () => {
  const v = validateBid({
    bid: { w: 999, h: 999, adm: 'http://x' },
    type: 'banner',
    settings: settings({ bannerCreativeMaxSize: 'enforce', secureMarkup: 'enforce' }),
  });
  assert.equal(v.reject?.code, 351);
  assert.equal(v.errors.length, 1);
});

test('DSA first: a bid missing a required DSA object is rejected with 300 and warning 10010', () => {
  const request = { regs: { ext: { dsa: { dsarequired: 2 } } } };
  const ok = validateBid({
    bid: { ext: { dsa: { adrender: 1 } } },
    type: 'banner',
    settings: settings({}),
    request,
  });
  assert.equal(ok.reject, undefined);
  const v = validateBid({
    bid: { w: 999 },
    type: 'banner',
    settings: settings({ bannerCreativeMaxSize: 'enforce' }),
    request,
  });
  const warning = { code: 10010, message: 'bid rejected: DSA object missing when required' };
  assert.deepEqual(v, {
    reject: { code: 300, error: warning },
    errors: [],
    warnings: [warning],
    metrics: [],
  });
});
