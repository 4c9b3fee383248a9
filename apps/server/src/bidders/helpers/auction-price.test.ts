import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAuctionPrice, resolveAuctionPrice, withAuctionPrice } from './auction-price.js';

test('formatAuctionPrice prints like Go FormatFloat(p, f, -1, 64): shortest digits, no exponent', () => {
  assert.equal(formatAuctionPrice(1.5), '1.5');
  assert.equal(formatAuctionPrice(2), '2');
  assert.equal(formatAuctionPrice(0.1 + 0.2), '0.30000000000000004');
  assert.equal(formatAuctionPrice(1e-7), '0.0000001');
  assert.equal(formatAuctionPrice(1.25e-8), '0.0000000125');
  assert.equal(formatAuctionPrice(1e21), '1000000000000000000000');
  assert.equal(formatAuctionPrice(1.5e22), '15000000000000000000000');
  assert.equal(formatAuctionPrice(-2.5e-7), '-0.00000025');
});

test('resolveAuctionPrice replaces every macro; withAuctionPrice only the fields asked, copying', () => {
  assert.equal(resolveAuctionPrice('a=${AUCTION_PRICE}&b=${AUCTION_PRICE}', 0.5), 'a=0.5&b=0.5');
  assert.equal(resolveAuctionPrice('none', 1), 'none');
  const bid = {
    id: 'b',
    impid: 'i',
    price: 1e-7,
    adm: '<p>${AUCTION_PRICE}</p>',
    nurl: 'n?p=${AUCTION_PRICE}',
    burl: 'b?p=${AUCTION_PRICE}',
  };
  const out = withAuctionPrice(bid, ['adm', 'nurl']);
  assert.equal(out.adm, '<p>0.0000001</p>');
  assert.equal(out.nurl, 'n?p=0.0000001');
  assert.equal(out.burl, 'b?p=${AUCTION_PRICE}', 'fields not asked for are left alone');
  assert.equal(bid.adm, '<p>${AUCTION_PRICE}</p>', 'the input is not changed');
  const plain = { id: 'b', impid: 'i', price: 1, adm: 'x' };
  assert.equal(withAuctionPrice(plain, ['adm']), plain, 'no macro: same object');
});
