// Rule-based bid adjustments (G bidadjustment/, J bidadjustments/): `ext.{ns}.bidadjustments` of the
// request merged over the account's `bidadjustments`, applied to each bid after the bid adjustment
// factors and the conversion into the request currency. See docs/bid-adjustments.md.
//
// Contract (the coordinator wires it):
//   parseBidAdjustments(raw) → {ok: true, value: BidAdjustments | undefined} | {ok: false, error}
//       account documents and the host default: ok=false means a malformed account (G: unmarshal error).
//   resolveBidAdjustments({request: rawRequestBlock, account?: BidAdjustments})
//       → {rules: RuleTable, warnings: {code: 10008, message}[], requestError?: string}
//       once per auction; warnings go to ext.warnings.general; requestError = G rejects the request.
//   ruleMediaType(bidType, imp) → 'banner' | 'video-instream' | 'video-outstream' | 'audio' | 'native'
//   applyBidAdjustments({rules, bidder, mediaType, dealId, price, currency, converter})
//       → {price: number | Decimal, currency, matched}   per bid, exact; never throws.
export { parseBidAdjustments, type ParsedBidAdjustments } from './parse.js';
export { isValidAdjustment, isValidBidAdjustments } from './validate.js';
export {
  ACCOUNT_INVALID,
  REQUEST_INVALID,
  buildRules,
  mergeBidAdjustments,
  resolveBidAdjustments,
  type ResolveBidAdjustmentsInput,
  type ResolvedBidAdjustments,
} from './rules.js';
export {
  applyBidAdjustments,
  findRule,
  ruleMediaType,
  type AdjustedPrice,
  type ApplyBidAdjustmentsInput,
} from './apply.js';
export { bidAdjustmentsSection } from './config-section.js';
export { resolveBidAdjustmentsKept } from './kept.js';
export {
  BID_ADJUSTMENT_WARNING_CODE,
  RULE_MEDIA_TYPES,
  type Adjustment,
  type AdjustmentsByBidder,
  type AdjustmentsByDeal,
  type BidAdjustments,
  type BidAdjustmentWarning,
  type BidRuleMediaType,
  type RuleMediaType,
  type RuleTable,
} from './types.js';
