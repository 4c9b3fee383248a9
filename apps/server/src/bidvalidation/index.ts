// Bid response validation (G exchange/bidder_validate_bids.go, exchange.go makeBid checks,
// dsa/validate.go, dsa/writer.go; config.Validations). See docs/bid-validation.md.
//
// Contract (the coordinator wires it; every function is pure and never throws):
//   Bidder layer, per seat a bidder returns, before adjustment/conversion:
//     removeInvalidBids({requestCur, seatCurrency, items, bidOf, debug}) → {kept, errors (code 999)}
//       errors → ext.errors.{bidder}; debug = response debug allowed (price problems otherwise silent)
//     validateSeatCurrency(requestCur, seatCurrency) → Issue | undefined
//     validateBidFields(bid, debug) → {ok} | {ok: false, issue?}
//   Before splitting the request to bidders (after privacy has decided GDPR):
//     applyDefaultDsa({request, dsa: account settings, gdprInScope}) → request (copy when changed)
//   Response building, per bid kept by the auction (after floors / category steps, G makeBid):
//     validateBid({bid, type, settings, impKnown?, request?}) → {reject?: {code, error}, errors, warnings, metrics}
//       errors → ext.errors.{seat}, warnings → ext.warnings.{seat}; reject → drop the bid and add it to
//       seat-non-bid with reject.code (300 DSA, 351 size, 352 secure); request = the auction request
//       (regs.ext.dsa read).
//   DSA helpers: dsaRequired(request) → boolean; validateDsa(bid, request) → error text | undefined;
//     readRequestDsa(request) → RegsDsa | undefined; dsaWarning(text) → {code: 10010, message}
//   Settings:
//     hostValidationSettings(config.validations) → BidValidationSettings
//     parseAccountValidations(account.validations) → {value, errors}
//     effectiveValidationSettings(host, account value) → BidValidationSettings (account: banner mode only)
//     parseAccountDsa(account.privacy.dsa) → {value?: AccountDsaSettings, error?}
//       error → the account is malformed: malformedAccountDsaMessage(accountId), code 10
//   Host config section: bidValidationSection (`validations.*`, kebab-case).
export { bidValidationSection, type BidValidationConfig } from './config-section.js';
export {
  DEFAULT_VALIDATION_SETTINGS,
  ISSUE_CODE,
  REJECT_CODE,
  type BidLike,
  type BidValidationSettings,
  type Issue,
  type RequestWithRegs,
  type ValidationMode,
} from './types.js';
export {
  effectiveValidationSettings,
  hostValidationSettings,
  parseAccountValidations,
  type AccountValidations,
  type ParsedAccountValidations,
} from './settings.js';
export { removeInvalidBids, validateBidFields, validateSeatCurrency, type SeatBidsInput } from './basic.js';
export {
  DSA_ERROR,
  applyDefaultDsa,
  dsaRequired,
  dsaWarning,
  malformedAccountDsaMessage,
  normaliseRegsDsa,
  parseAccountDsa,
  readBidDsa,
  readRequestDsa,
  validateDsa,
  type AccountDsaSettings,
  type ApplyDefaultDsaInput,
  type BidDsa,
  type RegsDsa,
} from './dsa.js';
export {
  VALIDATION_MESSAGE,
  isInsecureMarkup,
  validateBid,
  type BidVerdict,
  type ValidateBidInput,
  type ValidationMetric,
} from './validate-bid.js';
