// Test kit for prebid.ortb2blocking: G module_test.go's account config, invocation contexts, bids and a
// helper that applies a change set the way the executor does (in order, never mutating the input).
import type { BidRequest } from '../../openrtb/types.js';
import type { HookResult, InvocationContext, RawBidderResponsePayload } from '../types.js';

export type AuctionBid = RawBidderResponsePayload['bids'][number];

export const BIDDER = 'appnexus';
export const IMP1 = 'Some-impid-1';
export const IMP2 = 'Some-impid-2';

/** G testConfig (module_test.go). */
export const TEST_CONFIG: Record<string, unknown> = {
  attributes: {
    badv: {
      enforce_blocks: true,
      block_unknown_adomain: true,
      blocked_adomain: ['a.com', 'b.com', 'c.com'],
      allowed_adomain_for_deals: ['z.com', 'x.com'],
      action_overrides: {
        blocked_adomain: [
          {
            conditions: { bidders: ['appnexus', 'rubicon'], media_types: ['video'] },
            override: ['a.com', 'b.com'],
          },
          { conditions: { bidders: ['rubicon'] }, override: ['a.com', 'b.com', 'c.com', 'd.com', 'e.com'] },
        ],
        block_unknown_adomain: [
          { conditions: { bidders: ['appnexus'], media_types: ['video'] }, override: true },
        ],
        allowed_adomain_for_deals: [{ conditions: { deal_ids: ['12345678'] }, override: ['a.com'] }],
      },
    },
    bcat: {
      enforce_blocks: false,
      block_unknown_adv_cat: false,
      category_taxonomy: 6,
      blocked_adv_cat: ['IAB-1', 'IAB-2'],
      allowed_adv_cat_for_deals: ['IAB-1'],
      action_overrides: {
        blocked_adv_cat: [
          { conditions: { media_types: ['video'] }, override: ['IAB-1', 'IAB-2', 'IAB-3', 'IAB-4'] },
        ],
        enforce_blocks: [{ conditions: { bidders: ['appnexus'] }, override: true }],
        block_unknown_adv_cat: [{ conditions: { media_types: ['video'] }, override: true }],
        allowed_adv_cat_for_deals: [{ conditions: { deal_ids: ['1111111'] }, override: ['IAB-1'] }],
      },
    },
    bapp: {
      enforce_blocks: false,
      blocked_app: ['app1', 'app2'],
      action_overrides: {
        blocked_app: [
          { conditions: { bidders: ['appnexus'] }, override: ['app3'] },
          { conditions: { bidders: ['appnexus'], media_types: ['video'] }, override: ['app1'] },
          { conditions: { media_types: ['video'] }, override: ['app1'] },
        ],
      },
    },
    btype: {
      blocked_banner_type: [],
      action_overrides: {
        blocked_banner_type: [
          { conditions: { bidders: ['appnexus'] }, override: [3, 4, 5] },
          { conditions: { bidders: ['appnexus'], media_types: ['video'] }, override: [3] },
        ],
      },
    },
    battr: {
      enforce_blocks: false,
      blocked_banner_attr: [1, 8, 9, 10],
      action_overrides: { enforce_blocks: [{ conditions: { bidders: ['appnexus'] }, override: true }] },
    },
  },
};

export function invocation(
  accountConfig: Record<string, unknown> | undefined,
  moduleContext: Record<string, unknown> = {},
): InvocationContext {
  return {
    endpoint: '/openrtb2/auction',
    accountId: 'acc',
    accountConfig,
    moduleContext,
    hookImplCode: 'test',
    signal: new AbortController().signal,
  };
}

export function request(fields: Partial<BidRequest>): BidRequest {
  return Object.assign({ id: 'req', imp: [] }, fields);
}

/** A typed bid of BIDDER (banner unless said otherwise). */
export function auctionBid(bid: Record<string, unknown>, type: AuctionBid['type'] = 'banner'): AuctionBid {
  return {
    bidder: BIDDER,
    seat: BIDDER,
    adapterCode: BIDDER,
    bid: Object.assign({ id: '', impid: '', price: 1 }, bid),
    type,
    originalPrice: 1,
    originalCurrency: 'USD',
  };
}

/** Applies the result's change set in order and returns the new payload. */
export function applyChanges<P>(payload: P, result: HookResult<P>): P {
  let current = payload;
  for (const m of result.changeSet ?? []) current = m.apply(current);
  return current;
}

/** Deep-freezes a value so a test fails if a hook mutates its input. */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}
