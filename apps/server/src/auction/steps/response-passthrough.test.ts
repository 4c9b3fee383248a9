// ext.<ns>.passthrough (request → response ext) and imp.ext.<ns>.passthrough (→ that imp's bids).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuctionBid, AuctionContext } from '../types.js';
import { buildResponse } from './build-response.js';
import { testContext } from '../context.testkit.js';

function ctx(request: Record<string, unknown>): AuctionContext {
  return testContext({ request, account: { id: '' }, startedAt: 5 });
}

const bid = (impid: string): AuctionBid => ({
  bidder: 'a',
  seat: 'a',
  adapterCode: 'a',
  bid: { id: `b-${impid}`, impid, price: 1 },
  type: 'banner',
  originalPrice: 1,
  originalCurrency: 'USD',
});

test('passthrough: the request value in ext.<ns>.passthrough, each imp value in its bids only', () => {
  const c = ctx({
    imp: [
      { id: 'i1', ext: { prebid: { passthrough: { v: 1 } } } },
      { id: 'i2', ext: { prebid: {} } },
    ],
    ext: { prebid: { passthrough: { root: true } } },
  });
  const res = buildResponse(c, {
    bids: [bid('i1'), bid('i2')],
    seats: [],
    errors: {},
    generalWarnings: [],
    tmaxMs: 0,
  });
  assert.deepEqual((res.ext?.['prebid'] as Record<string, unknown>)['passthrough'], { root: true });
  const [b1, b2] = res.seatbid?.[0]?.bid ?? [];
  assert.deepEqual((b1?.ext?.['prebid'] as Record<string, unknown>)['passthrough'], { v: 1 });
  assert.equal((b2?.ext?.['prebid'] as Record<string, unknown>)['passthrough'], undefined);
  const none = buildResponse(ctx({}), { bids: [], seats: [], errors: {}, generalWarnings: [], tmaxMs: 0 });
  assert.deepEqual(none.ext?.['prebid'], { auctiontimestamp: 5 });
});
