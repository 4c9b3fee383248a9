// Request + account merge and the rule table (G's bidadjustment.Merge / BuildRules). The request
// wins per (media type, bidder, deal id); the account fills the bidders and deal ids the request lacks.
// G's order of checks, kept here:
//   1. an invalid request block → warning "bid adjustment from request was invalid", request ignored;
//   2. the (valid) request block merged with the account's; if that is invalid (the account's part) →
//      warning "bid adjustment on account was invalid" and NO rules at all (not even the request's).
import { parseBidAdjustments } from './parse.js';
import { isValidBidAdjustments } from './validate.js';
import {
  BID_ADJUSTMENT_WARNING_CODE,
  type Adjustment,
  type AdjustmentsByBidder,
  type BidAdjustments,
  type BidAdjustmentWarning,
  type RuleMediaType,
  type RuleTable,
} from './types.js';

export const REQUEST_INVALID = 'bid adjustment from request was invalid';
export const ACCOUNT_INVALID = 'bid adjustment on account was invalid';

function mergeBidders(req: AdjustmentsByBidder, acct: AdjustmentsByBidder): AdjustmentsByBidder {
  const out = new Map(req);
  for (const [bidder, acctDeals] of acct) {
    const reqDeals = out.get(bidder);
    if (reqDeals === undefined) {
      out.set(bidder, acctDeals);
      continue;
    }
    // G indexes the request's deal map here; a null request entry is invalid already (checked before).
    if (reqDeals === null || acctDeals === null) continue;
    const deals = new Map<string, readonly Adjustment[] | null>(reqDeals);
    for (const [dealId, list] of acctDeals) if (!deals.has(dealId)) deals.set(dealId, list);
    out.set(bidder, deals);
  }
  return out;
}

/** Request block over account block (either may be absent). */
export function mergeBidAdjustments(
  request: BidAdjustments | undefined,
  account: BidAdjustments | undefined,
): BidAdjustments | undefined {
  if (request === undefined) return account;
  if (account === undefined) return request;
  const mediaTypes = new Map<RuleMediaType, AdjustmentsByBidder>(request.mediaTypes);
  for (const [type, acctBidders] of account.mediaTypes) {
    const reqBidders = mediaTypes.get(type);
    mediaTypes.set(type, reqBidders === undefined ? acctBidders : mergeBidders(reqBidders, acctBidders));
  }
  return { mediaTypes };
}

/** `<mediatype>|<bidder>|<dealid>` → adjustments, for a validated block. */
export function buildRules(block: BidAdjustments | undefined): RuleTable {
  const rules = new Map<string, readonly Adjustment[]>();
  if (block === undefined) return rules;
  for (const [type, bidders] of block.mediaTypes) {
    for (const [bidder, deals] of bidders) {
      for (const [dealId, list] of deals ?? []) {
        if (list !== null) rules.set(`${type}|${bidder}|${dealId}`, list);
      }
    }
  }
  return rules;
}

export interface ResolveBidAdjustmentsInput {
  /** Raw `ext.{ns}.bidadjustments` of the request (undefined when absent). */
  request: unknown;
  /** The account's parsed block (see parseAccountBidAdjustments), undefined when it has none. */
  account?: BidAdjustments | undefined;
}

export interface ResolvedBidAdjustments {
  /** Empty when nothing applies. */
  rules: RuleTable;
  warnings: BidAdjustmentWarning[];
  /**
   * Set when the request block has the wrong JSON shape (a string where a number belongs, …): G
   * cannot unmarshal `ext.prebid` then and rejects the request (400). rules/warnings are then
   * computed as if the request block were absent.
   */
  requestError?: string;
}

const warning = (message: string): BidAdjustmentWarning => ({ code: BID_ADJUSTMENT_WARNING_CODE, message });

/** The whole per-request resolution (G: endpoint validation, then exchange Merge + BuildRules). */
export function resolveBidAdjustments(input: ResolveBidAdjustmentsInput): ResolvedBidAdjustments {
  const warnings: BidAdjustmentWarning[] = [];
  const parsed = parseBidAdjustments(input.request);
  let request = parsed.ok ? parsed.value : undefined;
  if (!isValidBidAdjustments(request)) {
    warnings.push(warning(REQUEST_INVALID));
    request = undefined;
  }
  let merged = mergeBidAdjustments(request, input.account);
  if (!isValidBidAdjustments(merged)) {
    warnings.push(warning(ACCOUNT_INVALID));
    merged = undefined;
  }
  const out: ResolvedBidAdjustments = { rules: buildRules(merged), warnings };
  if (!parsed.ok) out.requestError = parsed.error;
  return out;
}
