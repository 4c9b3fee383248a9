// Privacy seam of user sync (contract "GET /setuid" rules 1 and 3, "POST /cookie_sync" rule 6):
// consent validity and `mayWriteCookie` = purpose-1 legal basis of the host vendor (the privacy
// module's TCF check); host vendor id 0 or GDPR enforcement off = the host is not configured for GDPR.
import { TCString } from '@iabtcf/core';
import { purposeAllowed } from '../privacy/tcf-permissions.js';
import type { PrivacySettings } from '../privacy/types.js';

export interface ConsentGate {
  /** Whether GDPR applies when the caller leaves `gdpr` out (host setting). */
  gdprAssumed: boolean;
  /** A TCF v2 string that decodes. */
  isValidConsent(consent: string): boolean;
  /** The host may store its cookie for this user (purpose 1 for the host vendor). */
  mayWriteCookie(consent: string): boolean;
}

export interface ConsentGateOptions {
  /** GVL id of the host; 0 = the host is not configured for GDPR. */
  hostVendorId: number;
  gdprAssumed?: boolean;
}

function decode(consent: string): ReturnType<typeof TCString.decode> | undefined {
  try {
    const tc = TCString.decode(consent);
    return tc.version === 2 ? tc : undefined;
  } catch {
    return undefined;
  }
}

export function createConsentGate(opts: ConsentGateOptions): ConsentGate {
  return {
    gdprAssumed: opts.gdprAssumed ?? false,
    isValidConsent: (consent) => decode(consent) !== undefined,
    mayWriteCookie(consent) {
      if (opts.hostVendorId === 0) return true;
      const tc = decode(consent);
      return tc !== undefined && purposeAllowed(tc, 1, opts.hostVendorId);
    },
  };
}

/** The gate of the host's `privacy.gdpr` settings. */
export function consentGateFromPrivacy(settings: PrivacySettings): ConsentGate {
  const { enabled, hostVendorId, defaultApplies } = settings.gdpr;
  return createConsentGate({
    hostVendorId: enabled ? hostVendorId : 0,
    gdprAssumed: enabled && defaultApplies,
  });
}
