// Cases of G openrtb_ext/alternatebiddercodes_test.go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adapterEntry,
  isAllowedSeat,
  listsCodeForMultiBid,
  type AdapterAlternateCodes,
  type AlternateBidderCodes,
} from './codes.js';

const codes = (enabled: boolean, bidders?: Record<string, AdapterAlternateCodes>): AlternateBidderCodes =>
  bidders ? { enabled, bidders: new Map(Object.entries(bidders)) } : { enabled };
const warning = (message: string) => ({ ok: false, warning: { code: 10005, message } });

const SEAT_CASES: [string, AlternateBidderCodes | undefined, string, string | undefined, unknown][] = [
  ['seat not set', undefined, 'pubmatic', undefined, { ok: true }],
  ['seat blank', undefined, 'pubmatic', '', { ok: true }],
  ['seat is the bidder', undefined, 'pubmatic', 'pubmatic', { ok: true }],
  ['seat is the bidder, other case', undefined, 'pubmatic', 'PubMatic', { ok: true }],
  [
    'not configured',
    undefined,
    'pubmatic',
    'groupm',
    warning('alternateBidderCodes disabled for "pubmatic", rejecting bids for "groupm"'),
  ],
  [
    'disabled',
    codes(false),
    'pubmatic',
    'groupm',
    warning('alternateBidderCodes disabled for "pubmatic", rejecting bids for "groupm"'),
  ],
  [
    'enabled, no bidders',
    codes(true),
    'pubmatic',
    'groupm',
    warning('alternateBidderCodes not defined for adapter "pubmatic", rejecting bids for "groupm"'),
  ],
  [
    'enabled, bidder missing',
    codes(true, { appnexus: { enabled: true } }),
    'pubmatic',
    'groupm',
    warning('alternateBidderCodes not defined for adapter "pubmatic", rejecting bids for "groupm"'),
  ],
  [
    'bidder entry disabled',
    codes(true, { pubmatic: { enabled: false } }),
    'pubmatic',
    'groupm',
    warning('alternateBidderCodes disabled for "pubmatic", rejecting bids for "groupm"'),
  ],
  [
    'no allowedbiddercodes = any',
    codes(true, { pubmatic: { enabled: true } }),
    'pubmatic',
    'groupm',
    { ok: true },
  ],
  [
    'bidder case-insensitive',
    codes(true, { pubmatic: { enabled: true } }),
    'PUBmatic',
    'groupm',
    { ok: true },
  ],
  [
    '*',
    codes(true, { pubmatic: { enabled: true, allowedBidderCodes: ['*'] } }),
    'pubmatic',
    'groupm',
    { ok: true },
  ],
  [
    'listed',
    codes(true, { pubmatic: { enabled: true, allowedBidderCodes: ['groupm'] } }),
    'pubmatic',
    'groupm',
    { ok: true },
  ],
  [
    'not listed',
    codes(true, { pubmatic: { enabled: true, allowedBidderCodes: ['xyz'] } }),
    'pubmatic',
    'groupm',
    warning('invalid biddercode "groupm" sent by adapter "pubmatic"'),
  ],
  [
    'empty list',
    codes(true, { pubmatic: { enabled: true, allowedBidderCodes: [] } }),
    'pubmatic',
    'groupm',
    warning('invalid biddercode "groupm" sent by adapter "pubmatic"'),
  ],
  [
    'listed codes compare exactly',
    codes(true, { pubmatic: { enabled: true, allowedBidderCodes: ['GroupM'] } }),
    'pubmatic',
    'groupm',
    warning('invalid biddercode "groupm" sent by adapter "pubmatic"'),
  ],
];

test('IsValidBidderCode cases', () => {
  const cases = SEAT_CASES;
  for (const [name, settings, bidder, seat, want] of cases)
    assert.deepEqual(isAllowedSeat(settings, bidder, seat), want, name);
});

test('IsBidderInAlternateBidderCodes: exact key first, then case-insensitive', () => {
  assert.equal(adapterEntry(undefined, 'appnexus'), undefined);
  assert.equal(adapterEntry(codes(true), 'appnexus'), undefined);
  assert.equal(adapterEntry(codes(true, { appnexus: { enabled: true } }), ''), undefined);
  const s = codes(true, {
    AppNexus: { enabled: false, allowedBidderCodes: ['adnxsCode'] },
    PubMatic: { enabled: false, allowedBidderCodes: ['pubCode'] },
    appnexus: { enabled: true, allowedBidderCodes: ['abcCode'] },
  });
  assert.deepEqual(adapterEntry(s, 'appnexus')?.entry.allowedBidderCodes, ['abcCode']);
  assert.deepEqual(adapterEntry(s, 'pubmatic')?.entry.allowedBidderCodes, ['pubCode']);
  assert.equal(adapterEntry(s, 'unknown'), undefined);
});

test('multibid helper: exact adapter key, listed code or *', () => {
  const s = codes(true, {
    foo: { enabled: true, allowedBidderCodes: ['pubmatic'] },
    bar: { enabled: true, allowedBidderCodes: ['*'] },
  });
  assert.equal(listsCodeForMultiBid(s, 'foo', 'pubmatic'), true);
  assert.equal(listsCodeForMultiBid(s, 'foo', 'groupm'), false);
  assert.equal(listsCodeForMultiBid(s, 'bar', 'anything'), true);
  assert.equal(listsCodeForMultiBid(s, 'Foo', 'pubmatic'), false);
  assert.equal(listsCodeForMultiBid(undefined, 'foo', 'pubmatic'), false);
});
