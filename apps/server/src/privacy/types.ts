// The privacy module's vocabulary (notes §19): the signals read once per auction, the settings, and
// the enforcer seam `apply(request, bidder, signals) → allowed request | refusal with reason`.
import type { TCModel } from '@iabtcf/core';
import type { VendorList } from './gvl/index.js';
import type { HostTcfConfig, ResolvedTcfConfig } from './tcf/index.js';
import type { BidRequest } from '../openrtb/types.js';

/** Host settings (config section `privacy`). */
export interface PrivacySettings {
  gdpr: {
    enabled: boolean;
    /** Applies when the request has no GDPR flag. */
    defaultApplies: boolean;
    /** Alpha-3 countries that put a request without a GDPR flag in scope. */
    eeaCountries: ReadonlySet<string>;
    hostVendorId: number;
    /** Used without a vendor list (the consent string alone): tcf2.purpose2.enforce-purpose. */
    enforcePurpose2: boolean;
    /** Likewise: tcf2.special-feature1.enforce. */
    enforceSpecialFeature1: boolean;
    /** Host `privacy.gdpr.tcf2` as configured (accounts override it key by key). */
    tcf2?: HostTcfConfig;
    /** The TCF rules in force (host, or account over host); with a vendor list they decide (privacy/tcf). */
    tcf?: ResolvedTcfConfig;
  };
  ccpaEnforce: boolean;
  lmtEnforce: boolean;
  ipv4KeepBits: number;
  ipv6KeepBits: number;
}

/** The GDPR part of the signals; `consent` is the decoded TCF v2 string (undefined: absent or invalid). */
export interface GdprSignal {
  applies: boolean;
  consent?: TCModel;
  /** The raw string was present but not a decodable TCF v2 string. */
  consentInvalid: boolean;
  /** The vendor list of the consent's version (or a fallback); absent → the consent string alone decides. */
  vendorList?: VendorList;
}

/** Everything the enforcers read, decoded once per auction. */
export interface PrivacySignals {
  gdpr: GdprSignal;
  /** Valid US privacy string with its 3rd character `Y`. */
  ccpaOptOut: boolean;
  /** Bidders exempt from CCPA (`ext.<ns>.nosale`); `*` exempts all. */
  noSale: ReadonlySet<string>;
  coppa: boolean;
  lmt: boolean;
}

/** The bidder an enforcer decides about. */
export interface PrivacyBidder {
  /** Name used in the request (bidder code or alias): the warning key. */
  name: string;
  /** Core bidder code. */
  code: string;
  /** GVL vendor id (alias override from `aliasgvlids`, else the bidder's info); undefined: unknown. */
  gvlVendorId?: number;
}

export type EnforcerResult = { allowed: true; request: BidRequest } | { allowed: false; reason: string };

/** One privacy rule; enforcers run in order, each on the previous one's output. */
export interface PrivacyEnforcer {
  readonly name: string;
  apply(request: BidRequest, bidder: PrivacyBidder, signals: PrivacySignals): EnforcerResult;
}

/** A warning or error entry (same shape as the response's ext.warnings entries). */
export interface PrivacyIssue {
  code: number;
  message: string;
}

/** Warning codes of the contract (notes §22). */
export const PRIVACY_WARNING = { invalidConsent: 10001, blockedByPrivacy: 10017 } as const;
