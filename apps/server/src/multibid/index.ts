// Multibid (G openrtb_ext/multibid.go + exchange; J ExchangeService/BidResponseCreator): up to 9 bids
// per bidder and imp, extra bids targeted as `<targetbiddercodeprefix><n>`. See docs/multibid.md.
//
// Contract (the coordinator wires it):
//   validateMultiBid(raw ext.{ns}.multibid) → {entries, warnings: {code: 10006, message}[], error?}
//       at request validation; warnings → ext.warnings.general; `entries` replace the request's list
//       (entryToJson); error = wrong JSON shape (G rejects the request).
//   multiBidForBidderRequest({entries, bidder, allowedBidderCodes}) → ext.{ns}.multibid of one bidder request
//   multiBidByBidder(entries) → Map<lower-cased code, entry>
//   rankBidderBids(bids, preferDeals) → one bidder's bids on one imp, best first
//   limitBids(ranked, account default_bid_limit) → {kept, dropped}   (targeting on only; 0 = no limit)
//   targetingCodes({bidder, count, entry}) → per ranked bid {code, targetBidderCode} | undefined
//   dealTierBidCount(entry) → how many ranked bids get deal-tier hb_pb_cat_dur
//   parseDefaultBidLimit(raw account default_bid_limit) → {ok, value} | {ok: false, error}
export {
  MAX_BID_LIMIT,
  MIN_BID_LIMIT,
  formatEntry,
  validateMultiBid,
  multiBidEntriesOf,
  keepMultiBidEntries,
  type MultiBidValidation,
} from './validate.js';
export {
  dealTierBidCount,
  entryToJson,
  limitBids,
  multiBidByBidder,
  multiBidForBidderRequest,
  rankBidderBids,
  targetingCodes,
  type BidderRequestMultiBidInput,
  type RankableBid,
  type TargetingCode,
  type TargetingCodesInput,
} from './apply.js';
export { parseDefaultBidLimit, type ParsedBidLimit } from './account.js';
export { multibidSection } from './config-section.js';
export { MULTI_BID_WARNING_CODE, type MultiBidEntry, type MultiBidWarning } from './types.js';
