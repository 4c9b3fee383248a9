import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AllProcessedBidResponsesPayload, InvocationContext } from '../types.js';
import { parseRichMediaConfig } from './config.js';
import { RICHMEDIA_REJECTION_CODE, richMediaModule } from './module.js';

type AuctionBid = AllProcessedBidResponsesPayload['bids'][number];

const hook =
  richMediaModule.hooks.all_processed_bid_responses!['pb-richmedia-filter-all-processed-bid-responses-hook']!;

const ctx = (accountConfig: Record<string, unknown> | undefined): InvocationContext => ({
  endpoint: '/openrtb2/auction',
  accountId: 'acc',
  accountConfig,
  moduleContext: {},
  hookImplCode: 'pb-richmedia-filter-all-processed-bid-responses-hook',
  signal: new AbortController().signal,
});

function bid(bidder: string, id: string, impid: string, adm?: string): AuctionBid {
  return Object.freeze({
    bidder,
    seat: bidder,
    adapterCode: bidder,
    bid: adm === undefined ? { id, impid, price: 1 } : { id, impid, price: 1, adm },
    type: 'banner' as const,
    originalPrice: 1,
    originalCurrency: 'USD',
  });
}

const MRAID = '<script src="mraid.js"></script><div>ad</div>';
const bids = () => [
  bid('bidderA', 'a1', 'imp1', MRAID),
  bid('bidderA', 'a2', 'imp2', '<div>plain</div>'),
  bid('bidderB', 'b1', 'imp1', '<div>plain</div>'),
  bid('bidderB', 'b2', 'imp2', `prefix ${MRAID}`),
  bid('bidderA', 'a3', 'imp3', MRAID),
  bid('bidderC', 'c1', 'imp1'),
];

async function run(config: Record<string, unknown> | undefined) {
  const payload: AllProcessedBidResponsesPayload = Object.freeze({ bids: bids() });
  const result = await hook(payload, ctx(config));
  let out = payload;
  for (const m of result.changeSet ?? []) out = m.apply(out);
  return { result, kept: out.bids.map((b) => b.bid.id) };
}

test('J: filter-mraid off (the default) does nothing and reports nothing', async () => {
  assert.deepEqual(await run(undefined), { result: {}, kept: ['a1', 'a2', 'b1', 'b2', 'a3', 'c1'] });
  assert.deepEqual(await run({ 'filter-mraid': false, 'mraid-script-pattern': 'div' }), {
    result: {},
    kept: ['a1', 'a2', 'b1', 'b2', 'a3', 'c1'],
  });
});

test('J: bids whose adm contains the pattern are dropped, reported per bidder with imps and bid ids', async () => {
  const { result, kept } = await run({
    'filter-mraid': true,
    'mraid-script-pattern': '<script src="mraid.js"></script>',
  });
  assert.deepEqual(kept, ['a2', 'b1', 'c1']);
  assert.deepEqual(
    result.changeSet!.map((m) => [m.type, m.key.join('.')]),
    [['update', 'bids']],
  );
  assert.deepEqual(result.analyticsTags, {
    activities: [
      {
        name: 'reject-richmedia',
        status: 'success',
        results: [
          {
            status: 'success-block',
            values: { 'richmedia-format': 'mraid' },
            appliedto: { bidders: ['bidderA'], impids: ['imp1', 'imp3'], bidids: ['a1', 'a3'] },
          },
          {
            status: 'success-block',
            values: { 'richmedia-format': 'mraid' },
            appliedto: { bidders: ['bidderB'], impids: ['imp2'], bidids: ['b2'] },
          },
        ],
      },
    ],
  });
  assert.equal(RICHMEDIA_REJECTION_CODE, 350);
});

test('the default pattern is mraid.js; matching is case-sensitive', async () => {
  assert.deepEqual((await run({ 'filter-mraid': true })).kept, ['a2', 'b1', 'c1']);
  assert.deepEqual((await run({ 'filter-mraid': true, 'mraid-script-pattern': 'MRAID.JS' })).result, {});
});

test('J: nothing matching leaves no change set and no tags', async () => {
  assert.deepEqual(await run({ 'filter-mraid': true, 'mraid-script-pattern': 'vpaid.js' }), {
    result: {},
    kept: ['a1', 'a2', 'b1', 'b2', 'a3', 'c1'],
  });
});

test('bad config is an error result, not a thrown error; bids untouched', async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ 'filter-mraid': 'true' }, 'failed to parse config: filter-mraid: expected a boolean'],
    [
      { 'filter-mraid': true, 'mraid-script-pattern': '' },
      'failed to parse config: mraid-script-pattern: expected a non-empty string',
    ],
    [
      { 'filter-mraid': true, 'mraid-script-pattern': 5 },
      'failed to parse config: mraid-script-pattern: expected a non-empty string',
    ],
  ];
  for (const [config, message] of cases) {
    assert.deepEqual(await run(config), {
      result: { errors: [message] },
      kept: ['a1', 'a2', 'b1', 'b2', 'a3', 'c1'],
    });
  }
});

test('the drop mutation matches bids by bidder, imp and id, so it applies to a rebuilt payload', async () => {
  const { result } = await run({ 'filter-mraid': true });
  const rebuilt: AllProcessedBidResponsesPayload = { bids: bids().reverse() };
  assert.deepEqual(
    result.changeSet![0]!.apply(rebuilt).bids.map((b) => b.bid.id),
    ['c1', 'b1', 'a2'],
  );
});

test('config parsing: defaults, and unknown keys such as enabled ignored', () => {
  assert.deepEqual(parseRichMediaConfig(undefined), { filterMraid: false, mraidScriptPattern: 'mraid.js' });
  assert.deepEqual(parseRichMediaConfig({ enabled: true, 'filter-mraid': true }), {
    filterMraid: true,
    mraidScriptPattern: 'mraid.js',
  });
});
