import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawBidderResponsePayload } from '../types.js';
import { ortb2BlockingModule } from './module.js';
import {
  applyChanges,
  auctionBid,
  type AuctionBid,
  BIDDER,
  frozen,
  IMP1,
  IMP2,
  invocation,
} from './ortb2blocking.testkit.js';

const hook = ortb2BlockingModule.hooks.raw_bidder_response!['ortb2blocking-raw-bidder-response']!;

interface Case {
  config?: Record<string, unknown>;
  context?: Record<string, unknown>;
  bids: AuctionBid[];
}

async function run(c: Case) {
  const payload: RawBidderResponsePayload = frozen({ bidder: BIDDER, bids: c.bids });
  const result = await hook(payload, invocation(c.config, c.context));
  return { result, kept: applyChanges(payload, result).bids.map((b) => b.bid.id) };
}

const allow = (impid: string) => ({
  status: 'success-allow',
  appliedto: { bidder: BIDDER, impids: [impid] },
});
const block = (impid: string, values: Record<string, unknown>) => ({
  status: 'success-block',
  values,
  appliedto: { bidder: BIDDER, impids: [impid] },
});
const tags = (...results: unknown[]) => ({
  activities: [{ name: 'enforce_blocking', status: 'success', results }],
});
const errorTags = { activities: [{ name: 'enforce_blocking', status: 'error' }] };
const enforce = (attribute: string, extra: Record<string, unknown> = {}) => ({
  attributes: { [attribute]: Object.assign({ enforce_blocks: true }, extra) },
});
const ctx = (attrs: Record<string, unknown>) => ({ [BIDDER]: attrs });
const badvBids = () => [
  auctionBid({ id: '1', adomain: ['forbidden_domain'], impid: IMP1 }),
  auctionBid({ id: '2', adomain: ['good_domain'], impid: IMP2 }),
];

test('G: no config and no module context: every bid allowed and tagged', async () => {
  const { result, kept } = await run({ bids: [auctionBid({ id: '1', adomain: ['foo'], impid: IMP1 })] });
  assert.deepEqual(kept, ['1']);
  assert.deepEqual(result, { analyticsTags: tags(allow(IMP1)) });
});

test('G: module context of the wrong shape is an error; bids untouched', async () => {
  const { result, kept } = await run({
    context: ctx('boo' as never),
    bids: [auctionBid({ id: '1', impid: IMP1 })],
  });
  assert.deepEqual(kept, ['1']);
  assert.deepEqual(result, {
    errors: ['could not cast blocking attributes for bidder `appnexus`, module context has incorrect data'],
  });
});

test('G: bid blocked by badv', async () => {
  const { result, kept } = await run({
    config: enforce('badv'),
    context: ctx({ badv: ['forbidden_domain'] }),
    bids: badvBids(),
  });
  assert.deepEqual(kept, ['2']);
  assert.deepEqual(
    result.analyticsTags,
    tags(block(IMP1, { attributes: ['badv'], adomain: ['forbidden_domain'] }), allow(IMP2)),
  );
  assert.deepEqual(result.debugMessages, [
    'Bid 1 from bidder appnexus has been rejected, failed checks: badv',
  ]);
  assert.deepEqual(
    result.changeSet!.map((m) => [m.type, m.key.join('.')]),
    [['update', 'bids']],
  );
});

test('G: nothing blocked when the blocks belong to another bidder, enforcement is off or overridden off', async () => {
  const configs: Array<[Record<string, unknown>, Record<string, unknown>]> = [
    [enforce('badv'), { 'other-bidder': { badv: ['forbidden_domain'] } }],
    [{ attributes: { badv: { enforce_blocks: false } } }, ctx({ badv: ['forbidden_domain'] })],
    [
      enforce('badv', {
        action_overrides: { enforce_blocks: [{ conditions: { bidders: ['appnexus'] }, override: false }] },
      }),
      ctx({ badv: ['forbidden_domain'] }),
    ],
  ];
  for (const [config, context] of configs) {
    const { result, kept } = await run({ config, context, bids: badvBids() });
    assert.deepEqual(kept, ['1', '2']);
    assert.deepEqual(result, { analyticsTags: tags(allow(IMP1), allow(IMP2)) });
  }
});

test('G: block_unknown_adomain drops a bid without adomain unless overridden for the bidder', async () => {
  const bids = () => [
    auctionBid({ id: '1', impid: IMP1 }),
    auctionBid({ id: '2', adomain: ['good_domain'], impid: IMP2 }),
  ];
  const blocked = await run({
    config: enforce('badv', { block_unknown_adomain: true }),
    context: ctx({}),
    bids: bids(),
  });
  assert.deepEqual(blocked.kept, ['2']);
  assert.deepEqual(
    blocked.result.analyticsTags,
    tags(block(IMP1, { attributes: ['badv'], adomain: null }), allow(IMP2)),
  );
  const overridden = enforce('badv', {
    block_unknown_adomain: true,
    action_overrides: { block_unknown_adomain: [{ conditions: { bidders: ['appnexus'] }, override: false }] },
  });
  const { kept } = await run({
    config: overridden,
    context: ctx({}),
    bids: [auctionBid({ id: '1', impid: IMP1 })],
  });
  assert.deepEqual(kept, ['1']);
});

test('G: a deal exception lets a blocked domain through', async () => {
  const config = enforce('badv', {
    action_overrides: {
      allowed_adomain_for_deals: [
        { conditions: { deal_ids: ['acceptDealID'] }, override: ['forbidden_domain'] },
      ],
    },
  });
  const bids = [auctionBid({ id: '1', adomain: ['forbidden_domain'], impid: IMP1, dealid: 'acceptDealID' })];
  const { result, kept } = await run({ config, context: ctx({ badv: ['forbidden_domain'] }), bids });
  assert.deepEqual(kept, ['1']);
  assert.deepEqual(result, { analyticsTags: tags(allow(IMP1)) });
});

test('G: bad overrides are errors with an error activity; bids untouched', async () => {
  const absent = 'bidders and media_types absent from conditions, at least one of the fields must be present';
  const noDeals = 'conditions field in account configuration must contain deal_ids';
  const cases: Array<[string, string, string]> = [
    ['badv', 'enforce_blocks', absent],
    ['badv', 'block_unknown_adomain', absent],
    ['badv', 'allowed_adomain_for_deals', noDeals],
    ['bcat', 'enforce_blocks', absent],
    ['bcat', 'block_unknown_adv_cat', absent],
    ['bcat', 'allowed_adv_cat_for_deals', noDeals],
    ['bapp', 'enforce_blocks', absent],
    ['bapp', 'allowed_app_for_deals', noDeals],
    ['battr', 'enforce_blocks', absent],
    ['battr', 'allowed_banner_attr_for_deals', noDeals],
  ];
  for (const [attribute, key, message] of cases) {
    const config = enforce(attribute, { action_overrides: { [key]: [{ conditions: {} }] } });
    const bid = auctionBid({
      id: '1',
      adomain: ['d'],
      cat: ['c'],
      bundle: 'b',
      attr: [1],
      impid: IMP1,
      dealid: 'acceptDealID',
    });
    const { result, kept } = await run({ config, bids: [bid] });
    assert.deepEqual(kept, ['1']);
    assert.deepEqual(result, {
      errors: [
        `failed to process ${attribute} block checking: failed to get override for ${attribute}.${key}: ${message}`,
      ],
      analyticsTags: errorTags,
    });
  }
});

test('G: bid blocked by bcat', async () => {
  const bids = [
    auctionBid({ id: '1', cat: ['fishing'], impid: IMP1 }),
    auctionBid({ id: '2', cat: ['moto'], impid: IMP2 }),
  ];
  const { result, kept } = await run({ config: enforce('bcat'), context: ctx({ bcat: ['fishing'] }), bids });
  assert.deepEqual(kept, ['2']);
  assert.deepEqual(
    result.analyticsTags,
    tags(block(IMP1, { attributes: ['bcat'], bcat: ['fishing'] }), allow(IMP2)),
  );
  assert.deepEqual(result.debugMessages, [
    'Bid 1 from bidder appnexus has been rejected, failed checks: bcat',
  ]);
});

test('G: bid blocked by cattax: the request taxonomy, or IAB Content 1.0 when none was set', async () => {
  const bids = () => [
    auctionBid({ id: '1', cattax: 1, impid: IMP1 }),
    auctionBid({ id: '2', cattax: 2, impid: IMP2 }),
  ];
  const set = await run({ config: enforce('bcat'), context: ctx({ cattax: 2 }), bids: bids() });
  assert.deepEqual(set.kept, ['2']);
  assert.deepEqual(
    set.result.analyticsTags,
    tags(block(IMP1, { attributes: ['cattax'], bcat: [1] }), allow(IMP2)),
  );
  assert.deepEqual(set.result.debugMessages, [
    'Bid 1 from bidder appnexus has been rejected, failed checks: cattax',
  ]);
  const unset = await run({ config: enforce('bcat'), bids: bids() });
  assert.deepEqual(unset.kept, ['1']);
  assert.deepEqual(
    unset.result.analyticsTags,
    tags(allow(IMP1), block(IMP2, { attributes: ['cattax'], bcat: [2] })),
  );
});

test('G: bid blocked by bapp', async () => {
  const bids = [
    auctionBid({ id: '1', bundle: 'forbidden_bundle', impid: IMP1 }),
    auctionBid({ id: '2', bundle: 'allowed_bundle', impid: IMP2 }),
  ];
  const { result, kept } = await run({
    config: enforce('bapp'),
    context: ctx({ bapp: ['forbidden_bundle'] }),
    bids,
  });
  assert.deepEqual(kept, ['2']);
  assert.deepEqual(
    result.analyticsTags,
    tags(block(IMP1, { attributes: ['bapp'], bundle: ['forbidden_bundle'] }), allow(IMP2)),
  );
});

test('G: bid blocked by battr', async () => {
  const bids = [
    auctionBid({ id: '1', attr: [1], impid: IMP1 }),
    auctionBid({ id: '2', attr: [2], impid: IMP2 }),
  ];
  const context = ctx({ battr: { banner: { [IMP1]: [1] } } });
  const { result, kept } = await run({ config: enforce('battr'), context, bids });
  assert.deepEqual(kept, ['2']);
  assert.deepEqual(
    result.analyticsTags,
    tags(block(IMP1, { attributes: ['battr'], attr: [1] }), allow(IMP2)),
  );
});

test('J: battr is checked against the blocks and deal exceptions of the bid media type', async () => {
  const context = ctx({ battr: { banner: { [IMP1]: [1] }, video: { [IMP1]: [2] } } });
  const config = enforce('battr', {
    action_overrides: { allowed_video_attr_for_deals: [{ conditions: { deal_ids: ['d1'] }, override: [2] }] },
  });
  const bids = [
    auctionBid({ id: 'v-banner-attr', attr: [1], impid: IMP1 }, 'video'),
    auctionBid({ id: 'v-video-attr', attr: [2], impid: IMP1 }, 'video'),
    auctionBid({ id: 'v-deal', attr: [2], impid: IMP1, dealid: 'd1' }, 'video'),
    auctionBid({ id: 'b-banner-attr', attr: [1], impid: IMP1, dealid: 'd1' }, 'banner'),
    auctionBid({ id: 'native', attr: [1, 2], impid: IMP1 }, 'native'),
  ];
  const { kept } = await run({ config, context, bids });
  assert.deepEqual(kept, ['v-banner-attr', 'v-deal', 'native']);
});

test('G: bid blocked by several checks at once (cattax reported under the bcat key, as G does)', async () => {
  const bids = [
    auctionBid({
      id: '1',
      adomain: ['forbidden_domain'],
      cat: ['fishing'],
      cattax: 1,
      bundle: 'forbidden_bundle',
      attr: [1],
      impid: IMP1,
    }),
    auctionBid({
      id: '2',
      adomain: ['allowed_domain'],
      cat: ['moto'],
      cattax: 2,
      bundle: 'allowed_bundle',
      attr: [2],
      impid: IMP2,
    }),
  ];
  const config = {
    attributes: Object.fromEntries(
      ['badv', 'bcat', 'bapp', 'battr'].map((a) => [a, { enforce_blocks: true }]),
    ),
  };
  const context = ctx({
    badv: ['forbidden_domain'],
    bcat: ['fishing'],
    cattax: 2,
    bapp: ['forbidden_bundle'],
    battr: { banner: { [IMP1]: [1] } },
  });
  const { result, kept } = await run({ config, context, bids });
  assert.deepEqual(kept, ['2']);
  assert.deepEqual(
    result.analyticsTags,
    tags(
      block(IMP1, {
        attributes: ['badv', 'bcat', 'cattax', 'bapp', 'battr'],
        adomain: ['forbidden_domain'],
        bcat: [1],
        bundle: ['forbidden_bundle'],
        attr: [1],
      }),
      allow(IMP2),
    ),
  );
  assert.deepEqual(result.debugMessages, [
    'Bid 1 from bidder appnexus has been rejected, failed checks: badv, bcat, cattax, bapp, battr',
  ]);
});

test('more than one matching override is warned once per check and bid', async () => {
  const config = enforce('badv', {
    action_overrides: {
      enforce_blocks: [
        { conditions: { bidders: ['appnexus'] }, override: true },
        { conditions: { media_types: ['banner'] }, override: false },
      ],
    },
  });
  const { result, kept } = await run({
    config,
    context: ctx({ badv: ['forbidden_domain'] }),
    bids: badvBids(),
  });
  assert.deepEqual(kept, ['2'], 'the bidder-specific override wins');
  assert.deepEqual(result.warnings, [
    'More than one condition matches request. Bidder: appnexus, request media types: banner',
    'More than one condition matches request. Bidder: appnexus, request media types: banner',
  ]);
});

test('the drop mutation removes the blocked bids from a payload an earlier hook rebuilt', async () => {
  const { result } = await run({
    config: enforce('badv'),
    context: ctx({ badv: ['forbidden_domain'] }),
    bids: badvBids(),
  });
  const rebuilt: RawBidderResponsePayload = { bidder: BIDDER, bids: badvBids().reverse() };
  assert.deepEqual(
    applyChanges(rebuilt, result).bids.map((b) => b.bid.id),
    ['2'],
  );
});

test('a bad account config is an error result in the response hook too', async () => {
  const { result, kept } = await run({ config: { attributes: { badv: 7 } }, bids: badvBids() });
  assert.deepEqual(kept, ['1', '2']);
  assert.deepEqual(result, { errors: ['failed to parse config: attributes.badv: expected an object'] });
});
