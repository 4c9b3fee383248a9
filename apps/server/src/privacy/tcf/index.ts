// TCF v2 enforcement as hosts configure it (issue 18; G gdpr/impl.go, full_enforcement.go,
// basic_enforcement.go, purpose_enforcer.go, aggregated_config.go). Pure functions.
//
// Contract (exported API):
//
//   resolveTcfConfig(hostTcf2, accountGdprBlock?, channel?) → ResolvedTcfConfig
//     The account's `gdpr` block (snake_case, upstream keys) over host `privacy.gdpr.tcf2`, key by key.
//   decideTcf({ consent?, vendorList?, bidder: { code, name?, gvlVendorId?, aliasGvlIds? }, config,
//               liveVendorIds? }) → { allowBidRequest, passUserIds, passGeo, allowSync }
//     For a request in GDPR scope (the caller checks the signal). G AuctionActivitiesAllowed +
//     BidderSyncAllowed.
//   hostCookiesAllowed({ consent?, vendorList?, hostVendorId, config }) → boolean   (G HostCookiesAllowed)
//   vendorListForConsent(service, tcModel) → VendorList | undefined   (exact list or fallback; starts a fetch)
//   hasLegalBasis / effectiveAlgo: one purpose for one vendor (full or basic algorithm)
//   tcf2Schema / tcf2Section / defaultHostTcfConfig(): host config keys (config-section.ts)
export {
  purposeConfig,
  resolveTcfConfig,
  type EnforceAlgo,
  type PurposeConfig,
  type ResolvedTcfConfig,
  type TcfChannel,
} from './config.js';
export { effectiveAlgo, hasLegalBasis, type LegalBasisInput, type Overrides } from './legal-basis.js';
export {
  decideTcf,
  hostCookiesAllowed,
  vendorListForConsent,
  type TcfBidder,
  type TcfDecision,
  type TcfDecisionInput,
} from './decide.js';
export { defaultHostTcfConfig, tcf2Schema, tcf2Section, type HostTcfConfig } from './config-section.js';
