// Ad-server targeting (`ext.{ns}.adservertargeting`): publisher-defined targeting keys copied into
// every bid's `ext.{ns}.targeting`, from static values, the request or the response.
import type { BidRequest, BidResponse } from '../openrtb/types.js';

/** G errortypes.AdServerTargetingWarningCode. */
export const AD_SERVER_TARGETING_WARNING_CODE = 10007;

/** G adservertargeting.MaxKeyLength: the key limit when the account sets no truncate_target_attr. */
export const DEFAULT_KEY_LENGTH = 20;

export interface AdServerTargetingWarning {
  readonly code: 10007;
  readonly message: string;
}

export type RuleSource = 'bidrequest' | 'static' | 'bidresponse';

/** One rule that passed validation; `source` lower-cased. */
export interface AdServerTargetingRule {
  key: string;
  source: RuleSource;
  value: string;
}

export interface AdServerTargetingInput {
  /** Ext namespace: 'prebid' or 'core'. */
  ns: string;
  /** The resolved request (stored data merged); rules come from `request.ext[ns].adservertargeting`. */
  request: BidRequest;
  /** AMP query parameters for `ext.{ns}.amp.data.<name>`; undefined on /openrtb2/auction. */
  ampQuery?: Readonly<Record<string, string>>;
  /** The finished response (targeting and cache done). Never mutated. */
  response: BidResponse;
  /** The account's truncate_target_attr; absent or ≤ 0 → 20. */
  truncateTargetAttr?: number;
}

export interface AdServerTargetingResult {
  /** The input object when no bid changed, else a copy. */
  response: BidResponse;
  /** In G's order: rule validation, request lookups by rule, response lookups per bid. */
  warnings: AdServerTargetingWarning[];
}

export const warning = (message: string): AdServerTargetingWarning => ({
  code: AD_SERVER_TARGETING_WARNING_CODE,
  message,
});
