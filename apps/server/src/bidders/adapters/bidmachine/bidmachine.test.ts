// BidMachine: own fixtures through the shared runner; path joining; params schema examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testBidderFixtures, testParamsSchema } from '../../bidder-test-kit.js';
import { bidder } from './index.js';
import { joinPath } from './endpoint.js';

testBidderFixtures(bidder, new URL('./fixtures/', import.meta.url));
testParamsSchema(
  bidder,
  [{ host: 'api-eu', path: 'auction/rtb/v2', seller_id: '1' }],
  [{}, { host: 'a/b', path: 'p', seller_id: '1' }, { host: 'a', path: '', seller_id: '1' }],
);

test('bidmachine: joinPath cleans like a slash-path join', () => {
  assert.equal(joinPath('/', 'a//b/'), '/a/b');
  assert.equal(joinPath('/x', '../y', './z'), '/y/z');
  assert.equal(joinPath('', ''), '');
  assert.equal(joinPath('a', '..'), '.');
});
