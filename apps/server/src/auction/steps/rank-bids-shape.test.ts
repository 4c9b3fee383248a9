// The rank step's copy of each bid: a bid made by the bidder layer (every key present, auction-bid.ts)
// is copied by a spread that replaces keys — same keys, same order — and any other bid gets the
// rank fields added as before. Both give the same values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionBid } from '../types.js';
import { newAuctionBid } from '../auction-bid.js';
import { definedMembers as defined, testContext } from '../context.testkit.js';
import { rankBids } from './rank-bids.js';

const bare = (seat: string, price: number): AuctionBid => ({
  bidder: seat,
  seat,
  adapterCode: seat,
  bid: { id: `${seat}-${price}`, impid: 'i1', price },
  type: 'banner',
  originalPrice: price,
  originalCurrency: 'USD',
});

const context = (targeting: boolean, multibid?: unknown) =>
  testContext({
    request: {
      imp: [{ id: 'i1', banner: { w: 300, h: 250 } }],
      ext: {
        prebid: {
          ...(targeting ? { targeting: { pricegranularity: 'dense', includewinners: true } } : {}),
          ...(multibid ? { multibid } : {}),
        },
      },
    },
  });

test('a bidder-layer bid keeps its keys and their order through ranking; values as for any bid', () => {
  for (const targeting of [false, true]) {
    const ctx = context(targeting);
    const made = [newAuctionBid(bare('a', 2)), newAuctionBid(bare('b', 1.5))];
    const full = rankBids(ctx, made).bids;
    const plain = rankBids(ctx, [bare('a', 2), bare('b', 1.5)]).bids;
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(Object.keys(full[i] ?? {}), Object.keys(made[i] ?? {}));
      assert.deepEqual(defined(full[i]), defined(plain[i]));
    }
    assert.equal(full[0]?.winner, true);
    assert.equal(full[1]?.winner, false);
    assert.equal(full[0]?.priceBucket, targeting ? '2.00' : undefined);
    assert.equal(made[0]?.winner, undefined, 'the input bid is not changed');
  }
});

test('a bid made elsewhere gets no priceBucket or targeting key when targeting is off (as before)', () => {
  const [out] = rankBids(context(false), [bare('a', 2)]).bids;
  assert.deepEqual(Object.keys(out ?? {}).slice(-2), ['winner', 'bidderTop']);
});

test('multibid codes reach both kinds of bid alike', () => {
  const multibid = [{ bidder: 'a', maxbids: 2, targetbiddercodeprefix: 'mb' }];
  const ctx = context(true, multibid);
  const second = (b: AuctionBid) => ({ ...b, bid: { ...b.bid, id: 'a-2', price: 1 } });
  const made = rankBids(ctx, [newAuctionBid(bare('a', 2)), newAuctionBid(second(bare('a', 2)))]).bids;
  const plain = rankBids(ctx, [bare('a', 2), second(bare('a', 2))]).bids;
  assert.deepEqual(
    made.map((b) => [b.targetingCode, b.targetBidderCode]),
    [
      ['a', true],
      ['mb2', true],
    ],
  );
  assert.deepEqual(made.map(defined), plain.map(defined));
});
