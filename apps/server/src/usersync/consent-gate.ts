// Privacy seam of user sync (contract "GET /setuid" rules 1 and 3, "POST /cookie_sync" rule 6):
// consent validity and `mayWriteCookie` = purpose-1 consent of the host vendor. Replace with the
// privacy module's TCF check when it lands; host vendor id 0 = host GDPR off → always allowed.
import { TCString } from '@iabtcf/core';

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
      return tc !== undefined && tc.purposeConsents.has(1) && tc.vendorConsents.has(opts.hostVendorId);
    },
  };
}
