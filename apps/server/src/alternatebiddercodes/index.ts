// Alternate bidder codes (G openrtb_ext/alternatebiddercodes.go, exchange/bidder.go,
// exchange/utils.go). See docs/alternate-bidder-codes.md.
//
// Contract (the coordinator wires it; pure, never throws):
//   Once per auction, after the account is resolved:
//     alternateCodesFor({requestExt: ext.{ns}, ns, account: account.alternatebiddercodes})
//       → {settings?, source?, requestErrors, accountErrors}
//       requestErrors → 400 (upstream cannot decode the request ext); accountErrors → malformed account.
//   Per bidder request (split step): bidderRequestAlternateCodes(settings, bidder) → the value of the
//     copy's ext.{ns}.alternatebiddercodes (undefined = leave out).
//   Bidder layer, per bid returned with a seat (TypedBid.seat), before adjustment/conversion:
//     isAllowedSeat(settings, bidder, seat) → {ok: true} | {ok: false, warning: {code: 10005, message}}
//       not ok → drop the bid, warning → ext.warnings.{bidder}; no seat-non-bid (upstream).
//     `bidder` = the request's name for it (bidder code or alias).
//   Multibid per bidder request: listsCodeForMultiBid(settings, adapter, lower-cased code).
export {
  ALTERNATE_BIDDER_CODE_WARNING,
  adapterEntry,
  equalFold,
  isAllowedSeat,
  listsCodeForMultiBid,
  type AdapterAlternateCodes,
  type AlternateBidderCodes,
  type SeatCheck,
} from './codes.js';
export {
  alternateCodesFor,
  alternateCodesJson,
  bidderRequestAlternateCodes,
  parseAlternateBidderCodes,
  type AlternateCodesInput,
  type AlternateCodesResult,
} from './settings.js';
