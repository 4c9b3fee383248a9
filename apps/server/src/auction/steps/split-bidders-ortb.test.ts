// Step 6, per bidder info: OpenRTB 2.5 vs 2.6 placement (upstream ConvertDownTo25 unless the info
// says 2.6) and legacy privacy fields from GPP unless the info says gpp-supported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BidRequest } from '../../openrtb/types.js';
import type { AuctionContext } from '../types.js';
import { fakeBidders } from '../request/fake-bidders-test-kit.js';
import { splitBidders } from './split-bidders.js';

const registry = fakeBidders([
  { code: 'old' },
  { code: 'modern', ortb26: true },
  { code: 'gppreader', ortb26: true, gpp: true },
  { code: 'oldgpp', gpp: true },
]);

function ctx(request: Record<string, unknown>): AuctionContext {
  return {
    ns: 'prebid',
    endpoint: 'auction',
    request: { id: 'r', site: { page: 'https://p.example/' }, ...request } as BidRequest,
    account: { id: '', disabled: false, debugAllowed: false, cacheTtl: {}, eventsEnabled: false },
    http: { cookies: {}, headers: {} },
    startedAt: 0,
    bidderDeadline: 0,
    debug: false,
    currency: 'USD',
    warnings: [],
  };
}

const bidders = { old: {}, modern: {}, gppreader: {}, oldgpp: {} };
const split = (request: Record<string, unknown>) => {
  const s = splitBidders(ctx(request), { registry });
  return (name: string) => s.requests.find((r) => r.bidder === name)?.request;
};

test('2.6 bidders get 2.6 places (ext ones moved up), 2.5 bidders the ext places', () => {
  const of = split({
    imp: [{ id: '1', banner: { format: [{ w: 1, h: 1 }] }, ext: { prebid: { bidder: bidders } } }],
    regs: { ext: { gdpr: 1, us_privacy: '1YNN' } },
    user: { consent: 'c', ext: { eids: [{ source: 'a.com', uids: [{ id: 'x' }] }] } },
  });
  assert.deepEqual(of('old')?.regs, { ext: { gdpr: 1, us_privacy: '1YNN' } });
  assert.deepEqual(of('old')?.user, {
    ext: { eids: [{ source: 'a.com', uids: [{ id: 'x' }] }], consent: 'c' },
  });
  assert.deepEqual(of('modern')?.regs, { gdpr: 1, us_privacy: '1YNN' });
  assert.deepEqual(of('modern')?.user, { consent: 'c', eids: [{ source: 'a.com', uids: [{ id: 'x' }] }] });
});

test('rewarded: imp.rwdd stays for 2.6 bidders; 2.5 bidders get imp.ext.prebid.is_rewarded_inventory', () => {
  const of = split({
    imp: [
      { id: '1', rwdd: 1, banner: { format: [{ w: 1, h: 1 }] }, ext: { prebid: { bidder: bidders } } },
      {
        id: '2',
        banner: { format: [{ w: 1, h: 1 }] },
        ext: { prebid: { bidder: bidders, is_rewarded_inventory: 1 } },
      },
    ],
  });
  const old = of('old')?.imp;
  assert.equal(old?.[0]?.rwdd, undefined);
  assert.deepEqual(old?.[0]?.ext, { bidder: {}, prebid: { is_rewarded_inventory: 1 } });
  assert.deepEqual(old?.[1]?.ext, { bidder: {}, prebid: { is_rewarded_inventory: 1 } });
  const modern = of('modern')?.imp;
  assert.equal(modern?.[0]?.rwdd, 1);
  assert.deepEqual(modern?.[0]?.ext, { bidder: {} });
  assert.equal(modern?.[1]?.rwdd, 1, 'the ext flag moves up to imp.rwdd');
  assert.deepEqual(modern?.[1]?.ext, { bidder: {} });
});

test('GPP: bidders that do not read it get regs.gdpr / user.consent / us_privacy from the GPP string', () => {
  const tcf = 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA';
  const gpp = `DBACNY~${tcf}~1YNN`;
  const of = split({
    imp: [{ id: '1', banner: { format: [{ w: 1, h: 1 }] }, ext: { prebid: { bidder: bidders } } }],
    regs: { gpp, gpp_sid: [2, 6] },
  });
  assert.deepEqual(of('old')?.regs, { gpp, gpp_sid: [2, 6], ext: { gdpr: 1, us_privacy: '1YNN' } });
  assert.deepEqual(of('old')?.user, { ext: { consent: tcf } });
  assert.deepEqual(of('modern')?.regs, { gpp, gpp_sid: [2, 6], gdpr: 1, us_privacy: '1YNN' });
  assert.deepEqual(of('modern')?.user, { consent: tcf });
  assert.deepEqual(of('gppreader')?.regs, { gpp, gpp_sid: [2, 6] });
  assert.equal(of('gppreader')?.user, undefined);
  assert.deepEqual(of('oldgpp')?.regs, { gpp, gpp_sid: [2, 6] });
});
