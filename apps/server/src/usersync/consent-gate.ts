// Privacy seam of user sync (contract "GET /setuid" rules 1 and 3, "POST /cookie_sync" rule 6):
// consent validity and `mayWriteCookie` = purpose-1 legal basis of the host vendor (the privacy
// module's TCF check); host vendor id 0 or GDPR enforcement off = the host is not configured for GDPR.
import { TCString, type TCModel } from '@iabtcf/core';
import { decideTcf, purposeConfig, type ResolvedTcfConfig } from '../privacy/tcf/index.js';
import { gvlSpecVersion, type VendorListService } from '../privacy/gvl/index.js';
import { purposeAllowed } from '../privacy/tcf-permissions.js';
import type { PrivacySettings } from '../privacy/types.js';

export interface ConsentGate {
  /** Whether GDPR applies when the caller leaves `gdpr` out (host setting). */
  gdprAssumed: boolean;
  /** A TCF v2 string that decodes. */
  isValidConsent(consent: string): boolean;
  /** The host may store its cookie for this user (purpose 1 for the host vendor). */
  mayWriteCookie(consent: string): boolean;
  /**
   * The bidder may sync this user (G BidderSyncAllowed): the same TCF decision the auction makes
   * (privacy/tcf `allowSync`) when a vendor list is loaded, else purpose 1 for its vendor in the consent.
   */
  mayBidderSync(consent: string, bidder: string): boolean;
}

export interface ConsentGateOptions {
  /** GVL id of the host; 0 = the host is not configured for GDPR. */
  hostVendorId: number;
  gdprAssumed?: boolean;
  /** GVL vendor id of a bidder code; undefined = unknown (no sync under GDPR). */
  vendorIdOf?: (bidder: string) => number | undefined;
  /** The host's TCF rules (absent: purpose 1 is enforced). */
  tcf?: ResolvedTcfConfig;
  /** Loaded vendor lists (absent or not loaded: the consent string alone). */
  vendorLists?: VendorListService;
}

function decode(consent: string): ReturnType<typeof TCString.decode> | undefined {
  try {
    const tc = TCString.decode(consent);
    return tc.version === 2 ? tc : undefined;
  } catch {
    return undefined;
  }
}

function bidderSyncAllowed(opts: ConsentGateOptions, tc: TCModel, bidder: string): boolean {
  const vendor = opts.vendorIdOf?.(bidder);
  const list = opts.vendorLists?.get(gvlSpecVersion(Number(tc.policyVersion)), Number(tc.vendorListVersion));
  if (opts.tcf && list) {
    const who = vendor !== undefined ? { code: bidder, gvlVendorId: vendor } : { code: bidder };
    return decideTcf({ consent: tc, vendorList: list, config: opts.tcf, bidder: who }).allowSync;
  }
  if (opts.tcf && !purposeConfig(opts.tcf, 1).enforcePurpose) return true;
  return vendor !== undefined && vendor > 0 && purposeAllowed(tc, 1, vendor);
}

export function createConsentGate(opts: ConsentGateOptions): ConsentGate {
  return {
    mayBidderSync(consent, bidder) {
      if (opts.hostVendorId === 0 && !opts.vendorIdOf) return true;
      const tc = decode(consent);
      return tc !== undefined && bidderSyncAllowed(opts, tc, bidder);
    },
    gdprAssumed: opts.gdprAssumed ?? false,
    isValidConsent: (consent) => decode(consent) !== undefined,
    mayWriteCookie(consent) {
      if (opts.hostVendorId === 0) return true;
      const tc = decode(consent);
      return tc !== undefined && purposeAllowed(tc, 1, opts.hostVendorId);
    },
  };
}

/** The gate of the host's `privacy.gdpr` settings; with `vendorIdOf`, bidders are checked one by one. */
export function consentGateFromPrivacy(
  settings: PrivacySettings,
  more: Pick<ConsentGateOptions, 'vendorIdOf' | 'vendorLists'> = {},
): ConsentGate {
  const { enabled, hostVendorId, defaultApplies, tcf } = settings.gdpr;
  return createConsentGate({
    hostVendorId: enabled ? hostVendorId : 0,
    gdprAssumed: enabled && defaultApplies,
    ...(enabled && more.vendorIdOf ? { vendorIdOf: more.vendorIdOf } : {}),
    ...(enabled && tcf ? { tcf } : {}),
    ...(enabled && more.vendorLists ? { vendorLists: more.vendorLists } : {}),
  });
}
