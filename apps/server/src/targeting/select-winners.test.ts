import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rankBids } from './select-winners.js';

const bid = (bidder: string, impid: string, price: number, dealid?: string) => ({
  bidder,
  bid: { impid, price, dealid },
});

test('winner per imp by price, bidder tops per imp and bidder', () => {
  const bids = [bid('a', 'i1', 1.1), bid('b', 'i1', 1.2), bid('a', 'i1', 1.15), bid('a', 'i2', 0.5)];
  const r = rankBids(bids, false);
  assert.deepEqual([...r.winners].sort(), [1, 3]);
  assert.deepEqual([...r.bidderTops].sort(), [1, 2, 3]);
});

test('exact comparison: 0.1+0.2 style prices compare as decimals; ties keep the first', () => {
  const r = rankBids([bid('a', 'i', 0.3), bid('b', 'i', 0.30000000000000004), bid('c', 'i', 0.3)], false);
  assert.deepEqual([...r.winners], [1]);
  const tie = rankBids([bid('a', 'i', 2), bid('b', 'i', 2)], false);
  assert.deepEqual([...tie.winners], [0]);
});

test('preferdeals: any deal beats any non-deal; among deals the highest price', () => {
  const bids = [bid('a', 'i', 5), bid('b', 'i', 1, 'deal-1'), bid('c', 'i', 2, 'deal-2')];
  assert.deepEqual([...rankBids(bids, true).winners], [2]);
  assert.deepEqual([...rankBids(bids, false).winners], [0]);
  const emptyDeal = [bid('a', 'i', 5, ''), bid('b', 'i', 1)];
  assert.deepEqual([...rankBids(emptyDeal, true).winners], [0]);
});
