import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../openrtb/types.js';
import { emptyGeo, maskIp, roundGeo, scrubAll, scrubIds } from './scrub.js';

function request(): BidRequest {
  return {
    id: 'r',
    imp: [],
    device: {
      ip: '10.1.2.3',
      ipv6: '2001:db8:1:2:3:4:5:6',
      ifa: 'ifa-1',
      macsha1: 'm',
      ua: 'UA',
      geo: { lat: 48.856613, lon: -2.352222, country: 'FRA' },
    },
    user: {
      id: 'u',
      buyeruid: 'b',
      yob: 1980,
      gender: 'F',
      eids: [{ source: 's' }],
      keywords: 'k',
      geo: { lat: 1.005, lon: 2 },
      ext: { eids: [], consent: 'c' },
    },
  };
}

test('scrubIds removes device and user ids, both eids places, and keeps the rest', () => {
  const req = request();
  const out = scrubIds(req);
  assert.deepEqual(Object.keys(out.device ?? {}).sort(), ['geo', 'ip', 'ipv6', 'ua']);
  assert.deepEqual(out.user, { keywords: 'k', geo: { lat: 1.005, lon: 2 }, ext: { consent: 'c' } });
  assert.deepEqual(req, request(), 'the shared request is not mutated');
});

test('maskIp and roundGeo', () => {
  const out = roundGeo(maskIp(request(), 24, 56));
  assert.equal(out.device?.ip, '10.1.2.0');
  assert.equal(out.device?.ipv6, '2001:db8:1::');
  assert.deepEqual(out.device?.geo, { lat: 48.86, lon: -2.35, country: 'FRA' });
  assert.deepEqual(out.user?.geo, { lat: 1.01, lon: 2 });
});

test('emptyGeo empties both geos; untouched requests are returned as they are', () => {
  const out = emptyGeo(request());
  assert.deepEqual(out.device?.geo, {});
  assert.deepEqual(out.user?.geo, {});
  const bare: BidRequest = { id: 'r', imp: [] };
  assert.equal(scrubAll(bare, 24, 56), bare);
});
