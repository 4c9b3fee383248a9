// First-party data per bidder (upstream PBS-Go firstpartydata/first_party_data.go, the applyFPD and
// imp-level merge of exchange/utils.go; docs/first-party-data.md). Pure functions; the coordinator
// wires them into the pipeline. `ns` is the request's own ext namespace ('core' | 'prebid').
//
// Exported API (the contract with the coordinator):
//
//   extractFpdForBidders({ request, ns, endpoint, normalizeBidder? })
//       → { request, fpd?: ResolvedFpdMap, errors: string[] }
//     The whole per-auction pass, run once after validation and before the split. Only for
//     endpoint 'auction' | 'amp' (G request types openrtb2-web/openrtb2-app/amp; 'video' → unchanged).
//     Reads and removes ext.<ns>.data.bidders and ext.<ns>.bidderconfig; when the bidder list is
//     given, also removes {site,app,user}.ext.data, user.data, {site,app}.content.data from the
//     request every bidder starts from. errors non-empty → refuse the auction with HTTP 400,
//     `Invalid request: ${errors.join(',')}` (G BadInput).
//   extractGlobalFpd(request) → { request, globalFpd: GlobalFpd }
//   extractBidderConfigFpd(ext, { ns, normalizeBidder? }) → { ext, configs: Map<bidder, BidderFpdConfig>, error? }
//     error: `multiple First Party Data bidder configs provided for bidder: <name as written>`.
//   resolveFpd({ request, bidderConfig, globalFpd?, biddersAllowed?, normalizeBidder? })
//       → { fpd: Map<bidder, ResolvedFpd>, errors: string[] }
//     errors: `incorrect First Party Data for bidder <b>: Site|App object is not defined in request,
//     but defined in FPD config`, `... Site object cannot set empty page if req.site.id is empty`,
//     `invalid first party data ext`, `invalid request ext`, `request.device.{w,h,ppi,geo.accuracy}
//     must be a positive number`.
//   fpdKeyFor({ bidder, isRequestAlias, normalizeBidder? }) → string   key into the resolved map.
//   applyFpd({ request: bidderCopy, resolved: fpd.get(key), ns }) → BidRequest
//     In the split, per bidder, after eid filtering and buyeruid, BEFORE privacy and the 2.5
//     down-conversion: site/app/device/user replaced by the resolved ones; user keeps the copy's
//     buyeruid, and its eids unless the bidder's config set eids.
//   mergeImpFpd({ imp, index, bidder, ns, validateImp? }) → { ok: true, imp, merged } |
//       { ok: false, fatal, message }
//     Every endpoint. Per bidder per imp, before the bidder's imp.ext is built (the ext of the
//     returned imp is the original one). fatal: `merging bidder imp first party data for imp <id>
//     results in an invalid imp: [<errors joined by ' '>]` (G aborts with 500; the auction refuses the
//     request with 400). Non-fatal (`invalid first party data for imp[<i>]`): also a 400 in the auction
//     (G calls no bidder and reports it as a request error).
//   impFpdFor(imp, ns, bidder), invalidImpFpdMessage(id, errors), fpdRunsFor(endpoint),
//   validateDevice(device), mergeClone / mergePatch (json-merge.ts), firstPartyDataSection (empty).
export {
  extractFpdForBidders,
  extractGlobalFpd,
  extractBidderConfigFpd,
  fpdRunsFor,
  FPD_ENDPOINTS,
  type ExtractFpdInput,
  type ExtractFpdResult,
  type GlobalFpdResult,
  type BidderConfigOptions,
  type BidderConfigResult,
} from './extract.js';
export {
  resolveFpd,
  validateDevice,
  BAD_FPD_EXT,
  BAD_REQUEST_EXT,
  type ResolveFpdInput,
  type ResolveFpdResult,
} from './resolve.js';
export { applyFpd, fpdKeyFor, type ApplyFpdInput, type FpdKeyInput } from './apply.js';
export {
  mergeImpFpd,
  impFpdFor,
  invalidImpFpdMessage,
  type ImpValidator,
  type MergeImpFpdInput,
  type MergeImpFpdResult,
} from './imp-fpd.js';
export { mergeClone, mergePatch, pruneNulls, type MergeResult, type MergeFailure } from './json-merge.js';
export type {
  BidderFpdConfig,
  BidderNormalizer,
  FpdNamespace,
  GlobalFpd,
  ResolvedFpd,
  ResolvedFpdMap,
} from './types.js';
export { firstPartyDataSection } from './config-section.js';
