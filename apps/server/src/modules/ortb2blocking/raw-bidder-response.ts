// raw_bidder_response hook of prebid.ortb2blocking (upstream G hook_raw_bidder_response.go, analytics.go):
// drops the bidder's bids that break the blocks its request carried (adomain, cat, cattax, bundle, attr),
// where the account enforces them, unless the bid's deal is excepted.
import { withProps } from '@gavel/common';
import type { AnalyticsTags, HookResult, Mutation, RawBidderResponsePayload } from '../types.js';
import {
  BlockingConfigError,
  flagSetting,
  idsSetting,
  namesSetting,
  type Attribute,
  type Ortb2BlockingConfig,
  type Setting,
} from './config.js';
import { BATTR_KEYS, type BlockingAttributes, readBlockingAttributes } from './context.js';
import {
  dealExceptions,
  firstOrDefault,
  getIds,
  getIsActive,
  getNames,
  mediaTypeSet,
  type MediaTypes,
  type OverrideGetter,
} from './overrides.js';

type Result = HookResult<RawBidderResponsePayload>;
type AuctionBid = RawBidderResponsePayload['bids'][number];

export const ENFORCE_BLOCKING_ACTIVITY = 'enforce_blocking';

/** Failed checks in report order, and the analytics value key of each (G: cattax reports under `bcat`). */
const CHECKS = [
  ['badv', 'adomain'],
  ['bcat', 'bcat'],
  ['cattax', 'bcat'],
  ['bapp', 'bundle'],
  ['battr', 'attr'],
] as const;
type Check = (typeof CHECKS)[number][0];

/** IAB Content Category Taxonomy 1.0: what bids may use when the request named no taxonomy. */
const DEFAULT_CATTAX = 1;

interface BidWork {
  cfg: Ortb2BlockingConfig;
  attrs: BlockingAttributes;
  bidder: string;
  bid: AuctionBid;
  mediaTypes: MediaTypes;
  warnings: string[];
  failed: Map<Check, unknown>;
}

/** G blockAttribute: the bid's values that are blocked and not excepted; `null` blocks an unknown value. */
function blockedValues<T>(opts: {
  values: readonly T[];
  blocked: readonly T[];
  allowed: readonly T[];
  blockUnknown: boolean;
}): T[] | null | undefined {
  if (opts.values.length === 0) return opts.blockUnknown ? null : undefined;
  if (opts.blocked.length === 0) return undefined;
  const hits = opts.values.filter((v) => opts.blocked.includes(v) && !opts.allowed.includes(v));
  return hits.length > 0 ? hits : undefined;
}

function resolveFlag(w: BidWork, attribute: Attribute, key: string): boolean {
  try {
    const r = firstOrDefault(
      { bidder: w.bidder, mediaTypes: w.mediaTypes, get: getIsActive },
      flagSetting(w.cfg, attribute, key),
    );
    if (r.warning !== '') w.warnings.push(r.warning);
    return r.value;
  } catch (err) {
    throw checkError(err, attribute, key);
  }
}

function resolveDeals<T>(
  w: BidWork,
  opts: { attribute: Attribute; key: string; get: OverrideGetter<readonly T[]> },
  setting: Setting<readonly T[]>,
): readonly T[] {
  const dealId = w.bid.bid.dealid;
  if (dealId === undefined || dealId === '') return [];
  try {
    return dealExceptions(dealId, opts.get, setting);
  } catch (err) {
    throw checkError(err, opts.attribute, opts.key);
  }
}

function checkError(err: unknown, attribute: Attribute, key: string): BlockingConfigError {
  if (!(err instanceof BlockingConfigError)) throw err;
  return new BlockingConfigError(
    `failed to process ${attribute} block checking: failed to get override for ${attribute}.${key}: ${err.message}`,
  );
}

/** badv, bcat, bapp: name lists with an optional unknown-value block. */
function checkNames(
  w: BidWork,
  opts: {
    attribute: 'badv' | 'bcat' | 'bapp';
    unknownKey?: string;
    dealsKey: string;
    values: readonly string[];
  },
): boolean {
  if (!resolveFlag(w, opts.attribute, 'enforce_blocks')) return false;
  const blockUnknown = opts.unknownKey !== undefined && resolveFlag(w, opts.attribute, opts.unknownKey);
  const allowed = resolveDeals(
    w,
    { attribute: opts.attribute, key: opts.dealsKey, get: getNames },
    namesSetting(w.cfg, opts.attribute, opts.dealsKey),
  );
  const hits = blockedValues({
    values: opts.values,
    blocked: w.attrs[opts.attribute] ?? [],
    allowed,
    blockUnknown,
  });
  if (hits !== undefined) w.failed.set(opts.attribute, hits);
  return true;
}

function checkCatTax(w: BidWork): void {
  const cattax = w.bid.bid['cattax'];
  if (typeof cattax !== 'number' || cattax === 0) return;
  const allowed = w.attrs.cattax !== undefined && w.attrs.cattax !== 0 ? w.attrs.cattax : DEFAULT_CATTAX;
  if (cattax !== allowed) w.failed.set('cattax', [cattax]);
}

/** battr: the bid's own media type's blocks for its imp, and that media type's deal exceptions (J). */
function checkBattr(w: BidWork): void {
  if (!resolveFlag(w, 'battr', 'enforce_blocks')) return;
  const media = w.bid.type;
  if (media !== 'banner' && media !== 'video' && media !== 'audio') return;
  const dealsKey = BATTR_KEYS[media].deals;
  const allowed = resolveDeals(
    w,
    { attribute: 'battr', key: dealsKey, get: getIds },
    idsSetting(w.cfg, 'battr', dealsKey),
  );
  const blocked = w.attrs.battr?.[media]?.[w.bid.bid.impid] ?? [];
  const hits = blockedValues({ values: w.bid.bid.attr ?? [], blocked, allowed, blockUnknown: false });
  if (hits !== undefined) w.failed.set('battr', hits);
}

/** The failed checks of one bid (empty: allowed); throws BlockingConfigError on a bad override. */
function checkBid(w: BidWork): void {
  const b = w.bid.bid;
  checkNames(w, {
    attribute: 'badv',
    unknownKey: 'block_unknown_adomain',
    dealsKey: 'allowed_adomain_for_deals',
    values: b.adomain ?? [],
  });
  const bcatEnforced = checkNames(w, {
    attribute: 'bcat',
    unknownKey: 'block_unknown_adv_cat',
    dealsKey: 'allowed_adv_cat_for_deals',
    values: b.cat ?? [],
  });
  if (bcatEnforced) checkCatTax(w);
  const bundle = typeof b['bundle'] === 'string' ? b['bundle'] : '';
  checkNames(w, { attribute: 'bapp', dealsKey: 'allowed_app_for_deals', values: [bundle] });
  checkBattr(w);
}

function bidKey(bid: AuctionBid): string {
  return `${bid.bid.impid}\u0000${bid.bid.id}`;
}

/** The change set dropping the blocked bids (by imp id and bid id, so it survives earlier mutations). */
export function dropBids(blocked: readonly AuctionBid[]): Mutation<RawBidderResponsePayload> {
  const keys = new Set(blocked.map(bidKey));
  return {
    type: 'update',
    key: ['bids'],
    apply: (p) => withProps(p, { bids: p.bids.filter((b) => !keys.has(bidKey(b))) }),
  };
}

interface Outcome {
  results: NonNullable<AnalyticsTags['activities'][number]['results']>;
  warnings: string[];
  debugMessages: string[];
  blocked: AuctionBid[];
}

/** Checks one bid and records the outcome; throws BlockingConfigError on a bad override. */
function judgeBid(base: Omit<BidWork, 'bid' | 'mediaTypes' | 'failed'>, bid: AuctionBid, out: Outcome): void {
  const w: BidWork = {
    cfg: base.cfg,
    attrs: base.attrs,
    bidder: base.bidder,
    warnings: base.warnings,
    bid,
    mediaTypes: mediaTypeSet(bid.type),
    failed: new Map<Check, unknown>(),
  };
  checkBid(w);
  const appliedto = { bidder: w.bidder, impids: [bid.bid.impid] };
  if (w.failed.size === 0) {
    out.results.push({ status: 'success-allow', appliedto });
    return;
  }
  const names = CHECKS.map(([c]) => c).filter((c) => w.failed.has(c));
  const values: Record<string, unknown> = { attributes: names };
  for (const [check, key] of CHECKS) if (w.failed.has(check)) values[key] = w.failed.get(check);
  out.results.push({ status: 'success-block', values, appliedto });
  out.blocked.push(bid);
  out.debugMessages.push(
    `Bid ${bid.bid.id} from bidder ${w.bidder} has been rejected, failed checks: ${names.join(', ')}`,
  );
}

/** The hook body for a parsed config and this module's context. */
export function handleRawBidderResponse(
  cfg: Ortb2BlockingConfig,
  payload: Readonly<RawBidderResponsePayload>,
  moduleContext: Readonly<Record<string, unknown>>,
): Result {
  const { bidder } = payload;
  const attrs = readBlockingAttributes(Object.hasOwn(moduleContext, bidder) ? moduleContext[bidder] : {});
  if (attrs === undefined) {
    return {
      errors: [
        `could not cast blocking attributes for bidder \`${bidder}\`, module context has incorrect data`,
      ],
    };
  }
  const out: Outcome = { results: [], warnings: [], debugMessages: [], blocked: [] };
  try {
    for (const bid of payload.bids) judgeBid({ cfg, attrs, bidder, warnings: out.warnings }, bid, out);
  } catch (err) {
    if (!(err instanceof BlockingConfigError)) throw err;
    return withWarnings({ errors: [err.message], analyticsTags: errorTags() }, out.warnings);
  }
  const activity = { name: ENFORCE_BLOCKING_ACTIVITY, status: 'success' as const, results: out.results };
  const result: Result = { analyticsTags: { activities: [activity] } };
  const changed =
    out.blocked.length > 0
      ? withProps(result, { changeSet: [dropBids(out.blocked)], debugMessages: out.debugMessages })
      : result;
  return withWarnings(changed, out.warnings);
}

function errorTags(): AnalyticsTags {
  return { activities: [{ name: ENFORCE_BLOCKING_ACTIVITY, status: 'error' }] };
}

function withWarnings(result: Result, warnings: readonly string[]): Result {
  return warnings.length > 0 ? withProps(result, { warnings }) : result;
}
