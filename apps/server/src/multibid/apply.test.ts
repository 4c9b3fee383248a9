import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dealTierBidCount,
  limitBids,
  multiBidByBidder,
  multiBidForBidderRequest,
  rankBidderBids,
  targetingCodes,
} from './apply.js';
import { parseDefaultBidLimit } from './account.js';
import type { MultiBidEntry } from './types.js';

const bid = (id: string, price: number, dealId?: string) => ({ id, price, dealId });
const ids = (bids: Array<{ id: string }>) => bids.map((b) => b.id);

// G TestValidateAndUpdateMultiBid's bids on imp1 and imp2.
const imp1Appnexus = [bid('1p001', 0.01), bid('1p166d', 1.66, 'BigDeal'), bid('1p077', 0.77)];
const imp1Pubmatic = [bid('1p088d', 0.88, 'SpecialDeal'), bid('1p123', 1.23)];
const imp2Appnexus = [bid('2p123', 1.23), bid('2p144', 1.44)];

test('G TestValidateAndUpdateMultiBid: ranking with preferDeals', () => {
  assert.deepEqual(ids(rankBidderBids(imp1Appnexus, true)), ['1p166d', '1p077', '1p001']);
  assert.deepEqual(ids(rankBidderBids(imp1Pubmatic, true)), ['1p088d', '1p123']);
  assert.deepEqual(ids(rankBidderBids(imp2Appnexus, true)), ['2p144', '2p123']);
  assert.deepEqual(ids(rankBidderBids(imp1Pubmatic, false)), ['1p123', '1p088d']);
});

test('ranking compares decimals and keeps the response order on ties', () => {
  const bids = [
    bid('a', 0.3),
    bid('b', 0.1 + 0.2),
    bid('c', 0.3),
    bid('d', '0.30000000000000004' as unknown as number),
  ];
  assert.deepEqual(ids(rankBidderBids(bids, false)), ['b', 'd', 'a', 'c']);
  const tie = [bid('x', 1), bid('y', 1, 'd1'), bid('z', 1, 'd2')];
  assert.deepEqual(ids(rankBidderBids(tie, true)), ['y', 'z', 'x']);
});

test('G TestValidateAndUpdateMultiBid: the account limit cuts the ranked list; 0 = no limit', () => {
  const ranked = rankBidderBids(imp1Appnexus, true);
  assert.deepEqual(limitBids(ranked, 0), { kept: ranked, dropped: [] });
  assert.deepEqual(limitBids(ranked, 3), { kept: ranked, dropped: [] });
  const two = limitBids(ranked, 2);
  assert.deepEqual(ids(two.kept), ['1p166d', '1p077']);
  assert.deepEqual(ids(two.dropped), ['1p001']);
});

test('fixture multi-bid-default-bid-limit.json: limit 2 keeps the best two per bidder', () => {
  const rubicon = [bid('880290288', 8.43), bid('21521324', 12.43), bid('992342532', 2)];
  const appnexus = [bid('7706636740145184841', 5.5), bid('928185755156387460', 1), bid('222214214214', 2)];
  assert.deepEqual(ids(limitBids(rankBidderBids(rubicon, false), 2).kept), ['21521324', '880290288']);
  assert.deepEqual(ids(limitBids(rankBidderBids(appnexus, false), 2).kept), [
    '7706636740145184841',
    '222214214214',
  ]);
});

test('targeting codes: fixture multi-bids-error.json (pubmatic maxbids 9, prefix pm)', () => {
  const entry: MultiBidEntry = { bidder: 'pubmatic', maxBids: 9, targetBidderCodePrefix: 'pm' };
  assert.deepEqual(targetingCodes({ bidder: 'pubmatic', count: 3, entry }), [
    { code: 'pubmatic', targetBidderCode: true },
    { code: 'pm2', targetBidderCode: true },
    { code: 'pm3', targetBidderCode: true },
  ]);
  // appnexus had no valid entry: first bid only, no targetbiddercode
  assert.deepEqual(targetingCodes({ bidder: 'appnexus', count: 2 }), [
    { code: 'appnexus', targetBidderCode: false },
    undefined,
  ]);
});

test('targeting codes: fixture multi-bids-with-extra-bids.json', () => {
  const pubmatic: MultiBidEntry = { bidder: 'pubmatic', maxBids: 2, targetBidderCodePrefix: 'pubm' };
  assert.deepEqual(targetingCodes({ bidder: 'pubmatic', count: 3, entry: pubmatic }), [
    { code: 'pubmatic', targetBidderCode: true },
    { code: 'pubm2', targetBidderCode: true },
    undefined,
  ]);
  // a `bidders` entry (no prefix): first bid only, but targetbiddercode is echoed (maxbids 2 > 1)
  const appnexus: MultiBidEntry = { bidders: ['appnexus', 'groupm'], maxBids: 2 };
  assert.deepEqual(targetingCodes({ bidder: 'appnexus', count: 2, entry: appnexus }), [
    { code: 'appnexus', targetBidderCode: true },
    undefined,
  ]);
  const one: MultiBidEntry = { bidder: 'x', maxBids: 1, targetBidderCodePrefix: 'p' };
  assert.deepEqual(targetingCodes({ bidder: 'x', count: 2, entry: one }), [
    { code: 'x', targetBidderCode: false },
    undefined,
  ]);
  assert.deepEqual(targetingCodes({ bidder: 'x', count: 0, entry: one }), []);
});

test('G TestBuildMultiBidMap: codes lower-cased, bidders lists expanded, later wins', () => {
  const map = multiBidByBidder([
    { bidder: 'PubMatic', maxBids: 3, targetBidderCodePrefix: 'pm' },
    { bidders: ['appnexus', 'groupm'], maxBids: 2 },
    { bidder: 'pubmatic', maxBids: 4 },
  ]);
  assert.deepEqual([...map.keys()], ['pubmatic', 'appnexus', 'groupm']);
  assert.equal(map.get('pubmatic')?.maxBids, 4);
  assert.equal(map.get('groupm')?.maxBids, 2);
});

test('G TestBidsToUpdate: deal tier keys for maxbids bids only with a prefix', () => {
  assert.equal(dealTierBidCount(undefined), 1);
  assert.equal(dealTierBidCount({ bidders: ['a'], maxBids: 4 }), 1);
  assert.equal(dealTierBidCount({ bidder: 'a', maxBids: 4, targetBidderCodePrefix: 'p' }), 4);
});

test('G Test_buildRequestExtMultiBid', () => {
  const entries: MultiBidEntry[] = [
    { bidder: 'appnexus', maxBids: 3 },
    { bidder: 'pubmatic', maxBids: 2 },
    { bidders: ['33across', 'rubicon'], maxBids: 4 },
  ];
  assert.equal(multiBidForBidderRequest({ entries: [], bidder: 'pubmatic' }), undefined);
  assert.equal(multiBidForBidderRequest({ entries: [entries[0]!], bidder: 'pubmatic' }), undefined);
  assert.deepEqual(multiBidForBidderRequest({ entries, bidder: 'pubmatic' }), [
    { bidder: 'pubmatic', maxbids: 2 },
  ]);
  assert.deepEqual(multiBidForBidderRequest({ entries, bidder: 'rubicon' }), [
    { bidders: ['rubicon'], maxbids: 4 },
  ]);
  const withGroupm: MultiBidEntry[] = [{ bidder: 'groupm', maxBids: 3 }, ...entries.slice(1)];
  assert.deepEqual(
    multiBidForBidderRequest({ entries: withGroupm, bidder: 'pubmatic', allowedBidderCodes: ['groupm'] }),
    [
      { bidder: 'groupm', maxbids: 3 },
      { bidder: 'pubmatic', maxbids: 2 },
    ],
  );
  assert.deepEqual(
    multiBidForBidderRequest({ entries: withGroupm, bidder: 'rubicon', allowedBidderCodes: ['*'] }),
    [
      { bidder: 'groupm', maxbids: 3 },
      { bidder: 'pubmatic', maxbids: 2 },
      { bidders: ['33across'], maxbids: 4 },
      { bidders: ['rubicon'], maxbids: 4 },
    ],
  );
});

test('fixture multi-bids-error.json: the outgoing pubmatic request carries its validated entry', () => {
  const entries: MultiBidEntry[] = [
    { bidder: 'rubicon', maxBids: 1, targetBidderCodePrefix: 'rubN' },
    { bidder: 'pubmatic', maxBids: 9, targetBidderCodePrefix: 'pm' },
    { bidder: 'groupm', maxBids: 5, targetBidderCodePrefix: 'gm' },
    { bidders: ['33across'], maxBids: 7 },
  ];
  const out = multiBidForBidderRequest({ entries, bidder: 'pubmatic' });
  assert.equal(JSON.stringify(out), '[{"bidder":"pubmatic","maxbids":9,"targetbiddercodeprefix":"pm"}]');
  assert.equal(multiBidForBidderRequest({ entries, bidder: 'appnexus' }), undefined);
});

test('account default_bid_limit', () => {
  assert.deepEqual(parseDefaultBidLimit(undefined), { ok: true, value: 0 });
  assert.deepEqual(parseDefaultBidLimit(3), { ok: true, value: 3 });
  assert.equal(parseDefaultBidLimit(-1).ok, false);
  assert.equal(parseDefaultBidLimit(1.5).ok, false);
  assert.equal(parseDefaultBidLimit('2').ok, false);
});
