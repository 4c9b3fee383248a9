// Global Vendor List (issue 18; G gdpr/vendorlist-fetching.go, J privacy/gdpr/vendorlist).
//
// Contract (exported API):
//
//   createVendorListService({ urlTemplate, fetchTimeoutMs, retries, maxVersions, clock, transport?,
//                             latestUrlTemplate?, retryBackoffMs?, failureTtlMs?, maxBytes?,
//                             prefetchSpecVersions?, fallback?, logger?, onFetch? }) → VendorListService
//     get(spec, version)      sync cache hit or undefined
//     ensure(spec, version)   Promise<VendorList | undefined>, single flight per version, never rejects
//     resolve(spec, version)  sync { list?, exact }: the list, else starts ensure and answers the fallback
//     prefetchLatest()        the newest v2/v3 lists (start-up), never rejects
//     close()                 aborts fetches in flight
//   gvlSpecVersion(tcModel.policyVersion) → 2 | 3        which spec a consent string's list uses
//   declaresConsent(vendor, purpose), declaresLegitimateInterest(vendor, purpose)   (flexible counts for both)
//   vendorListSchema / vendorListSection / vendorListOptionsFromConfig(cfg, clock)  (config-section.ts)
export type {
  GvlFetchOutcome,
  GvlLogger,
  GvlResponse,
  GvlTransport,
  GvlVendor,
  VendorList,
  VendorListService,
  VendorListServiceOptions,
} from './types.js';
export {
  declaresConsent,
  declaresLegitimateInterest,
  gvlSpecVersion,
  parseVendorList,
  parseVendorListText,
  type ParseOutcome,
} from './parse.js';
export {
  DEFAULT_LATEST_URL_TEMPLATE,
  DEFAULT_URL_TEMPLATE,
  createVendorListService,
  vendorListUrl,
} from './service.js';
export { undiciTransport } from './download.js';
export {
  loadFallbackVendorList,
  vendorListOptionsFromConfig,
  vendorListSchema,
  vendorListSection,
  type VendorListConfig,
} from './config-section.js';
