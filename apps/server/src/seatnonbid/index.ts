// Seat-non-bid (G exchange/seat_non_bids.go, exchange/non_bid_reason.go, openrtb_ext/response.go;
// IAB community extension "seat-non-bid"). See docs/seat-non-bid.md.
//
// Contract (the coordinator wires it; pure apart from the collector's own state, never throws):
//   One collector per auction: createSeatNonBidCollector().
//     Bidder layer, a call that failed: rejectImps({seat: bidder, code, impIds: call.impIds}) with
//       code = nonBidReasonForFailure(kind) (101 timeout, 103 refused / unknown host, 100 else) or
//       nonBidReasonForErrorCode(bidder error code); classifyCallError(err) → kind for Node/undici errors.
//     Each step that drops a bid: rejectBid({seat, code, bid, origbidcpm, origbidcur}):
//       floors 301 / 304 (deal), category mapping 303, DSA 300, size 351, secure 352
//       (bidvalidation's reject.code).
//   Response building (auction, amp, video):
//     applySeatNonBid({responseExt, ns, returnAllBidStatus: returnAllBidStatus(request.ext[ns]),
//       seats: collector.seats()}) → response ext with ext.{ns}.seatnonbid.
//   Catalogue: NON_BID_REASON, describeNonBidReason(code), nonBidClass(code).
export {
  NON_BID_REASON,
  describeNonBidReason,
  nonBidClass,
  type NonBidClass,
  type NonBidReason,
  type NonBidReasonName,
} from './reasons.js';
export {
  classifyCallError,
  nonBidReasonForErrorCode,
  nonBidReasonForFailure,
  type CallFailureKind,
} from './errors.js';
export {
  createSeatNonBidCollector,
  nonBidObject,
  type NonBid,
  type NonBidObject,
  type RejectBidInput,
  type RejectImpsInput,
  type RejectedBidFields,
  type SeatNonBid,
  type SeatNonBidCollector,
} from './collector.js';
export { applySeatNonBid, returnAllBidStatus, type ApplySeatNonBidInput } from './response.js';
