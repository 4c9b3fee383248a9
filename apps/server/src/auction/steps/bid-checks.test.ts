// Alternate seats (bidder layer) and bid response validation (exchange) on small auctions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionBid, AuctionContext, SeatResult } from '../types.js';
import { checkSeats } from './check-seats.js';
import { validateBidResponses } from './validate-bid-responses.js';
import { testContext } from '../context.testkit.js';

function ctx(
  ext: Record<string, unknown> = {},
  account: Partial<AuctionContext['account']> = {},
): AuctionContext {
  return testContext({
    request: { imp: [{ id: 'i1', banner: { w: 300, h: 250 } }], ext: { prebid: ext } },
    account,
  });
}

const bid = (id: string, seat: string, over: Partial<AuctionBid['bid']> = {}): AuctionBid => ({
  bidder: 'pubmatic',
  seat,
  adapterCode: 'pubmatic',
  bid: { id, impid: 'i1', price: 1, ...over },
  type: 'banner',
  originalPrice: 1,
  originalCurrency: 'USD',
});

const seat = (bids: AuctionBid[]): SeatResult => ({ bidder: 'pubmatic', bids, errors: [], warnings: [] });

test('a bid under another seat is dropped with 10005 unless the request or the account allows it', () => {
  const bids = [bid('own', 'pubmatic'), bid('alt', 'groupm')];
  const [denied] = checkSeats(ctx(), [seat(bids)]);
  assert.deepEqual(
    denied?.bids.map((b) => b.bid.id),
    ['own'],
  );
  assert.equal(denied?.warnings[0]?.code, 10005);
  const codes = { enabled: true, bidders: { pubmatic: { enabled: true, allowedbiddercodes: ['groupm'] } } };
  const [byRequest] = checkSeats(ctx({ alternatebiddercodes: codes }), [seat(bids)]);
  assert.equal(byRequest?.bids.length, 2);
  const [byAccount] = checkSeats(ctx({}, { alternateBidderCodes: codes }), [seat(bids)]);
  assert.equal(byAccount?.bids.length, 2);
});

test('validation: oversized banners and insecure markup are rejected when enforced, reported when warned', () => {
  const bids = [bid('big', 'pubmatic', { w: 970, h: 250 }), bid('plain', 'pubmatic', { adm: 'http://x' })];
  const host = {
    bannerCreativeMaxSize: 'enforce' as const,
    secureMarkup: 'enforce' as const,
    maxCreativeWidth: 728,
    maxCreativeHeight: 600,
  };
  const enforced = validateBidResponses(ctx(), bids, host);
  assert.deepEqual(
    enforced.rejected.map((r) => [r.bid.bid.id, r.code]),
    [
      ['big', 351],
      ['plain', 352],
    ],
  );
  assert.equal(enforced.errors['pubmatic']?.length, 2);
  const warned = validateBidResponses(ctx(), bids, {
    ...host,
    bannerCreativeMaxSize: 'warn',
    secureMarkup: 'warn',
  });
  assert.equal(warned.bids.length, 2);
  assert.equal(warned.rejected.length, 0);
  const accountSkips = validateBidResponses(
    ctx({}, { validations: { bannerCreativeMaxSize: 'skip' } }),
    bids,
    host,
  );
  assert.deepEqual(
    accountSkips.rejected.map((r) => r.bid.bid.id),
    ['plain'],
    'the account overrides the banner size mode only',
  );
});
