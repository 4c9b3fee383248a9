// Per-imp calls addressed by an id param: URI building, trimming, mtype typing and status handling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import type { AdapterContext } from '../types.js';
import { bannerOrVideoByMtype, createPathIdAdapter } from './path-id-adapter.js';

const ctx = { endpoint: 'https://x.example/rtb/' } as AdapterContext;
const request: BidRequest = {
  id: 'r',
  imp: [
    { id: 'a', banner: { w: 1, h: 1 }, ext: { bidder: { cId: ' a b ' } } },
    { id: 'b', banner: { w: 1, h: 1 }, ext: { bidder: [] } },
  ],
};

test('one call per imp, the id escaped and optionally trimmed; unreadable params reported', () => {
  const trimmed = createPathIdAdapter({ param: 'cId', trim: true }).makeRequests(request, ctx);
  assert.deepEqual(
    trimmed.value.map((r) => [r.uri, r.impIds]),
    [['https://x.example/rtb/a+b', ['a']]],
  );
  assert.equal(trimmed.errors[0]?.message, 'extract cId: expect { or n, but found [');
  const raw = createPathIdAdapter({ param: 'cId' }).makeRequests(request, ctx);
  assert.equal(raw.value[0]?.uri, 'https://x.example/rtb/+a+b+');
});

test('bids typed by mtype; statuses other than 2xx are bad input', () => {
  assert.equal(bannerOrVideoByMtype({ id: '1', impid: 'a', price: 1, mtype: 2 }), 'video');
  assert.deepEqual(bannerOrVideoByMtype({ id: '1', impid: 'a', price: 1 }), {
    code: 2,
    message: 'Could not define bid type for imp: a',
  });
  const adapter = createPathIdAdapter({ param: 'cId' });
  const call = (status: number, body = '') => ({
    request: { method: 'POST' as const, uri: '', impIds: [] },
    response: { status, headers: {}, body },
  });
  assert.deepEqual(adapter.makeBids(request, call(204), ctx), { value: null, errors: [] });
  assert.equal(adapter.makeBids(request, call(503), ctx).errors[0]?.code, 2);
  const ok = adapter.makeBids(
    request,
    call(200, '{"cur":"EUR","seatbid":[{"bid":[{"id":"1","impid":"a","price":1,"mtype":1}]}]}'),
    ctx,
  );
  assert.equal(ok.value?.currency, 'EUR');
  assert.equal(ok.value?.bids[0]?.type, 'banner');
});
