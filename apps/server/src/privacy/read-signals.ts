// Reads the privacy signals once per auction (contract "Auction request" privacy rows; notes §19
// "Signals"): OpenRTB 2.6 places first, then their 2.5 `ext` places; the TCF v2 string is decoded here
// and only here, so every bidder's check reuses the same TCModel.
import { TCString } from '@iabtcf/core';
import type { BidRequest } from '../openrtb/types.js';
import { parseGppFromRequest, resolveGppPrivacy } from './gpp/index.js';
import { PRIVACY_WARNING, type PrivacyIssue, type PrivacySettings, type PrivacySignals } from './types.js';

export interface SignalsOutcome {
  signals: PrivacySignals;
  /** Request-level warnings (ext.warnings.general). */
  warnings: PrivacyIssue[];
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

/** `flag`: the effective GDPR flag after GPP (a non-empty gpp_sid decides: section 2 is TCF EU v2). */
function gdprApplies(req: BidRequest, flag: 0 | 1 | undefined, settings: PrivacySettings): boolean {
  if (flag !== undefined) return flag === 1;
  // No flag: the request's country decides when it names one (G), else the host default.
  const country = obj(obj(req.user)?.['geo'])?.['country'] ?? obj(obj(req.device)?.['geo'])?.['country'];
  if (typeof country === 'string' && /^[A-Z]{3}$/.test(country))
    return settings.gdpr.eeaCountries.has(country);
  return settings.gdpr.defaultApplies;
}

function decodeTcf(consent: string): ReturnType<typeof TCString.decode> | undefined {
  try {
    const tc = TCString.decode(consent);
    return tc.version === 2 ? tc : undefined;
  } catch {
    return undefined;
  }
}

/** IAB US Privacy v1: `1` then N/Y/- for notice, opt-out of sale, LSPA. */
const US_PRIVACY = /^1[NY-]{3}$/;

function usPrivacy(v: string | undefined, warnings: PrivacyIssue[]): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (US_PRIVACY.test(v)) return v;
  warnings.push({
    code: PRIVACY_WARNING.invalidConsent,
    message: `CCPA consent is invalid and will be ignored. (request.regs.us_privacy "${v}" is not a valid US privacy string)`,
  });
  return undefined;
}

function noSale(req: BidRequest, ns: string): Set<string> {
  const list = obj(obj(req.ext)?.[ns])?.['nosale'];
  const out = new Set<string>();
  if (Array.isArray(list)) for (const b of list) if (typeof b === 'string') out.add(b.toLowerCase());
  return out;
}

export function readPrivacySignals(req: BidRequest, ns: string, settings: PrivacySettings): SignalsOutcome {
  // GPP first (G): its sections win over the legacy fields, with a warning where they disagree.
  const gpp = resolveGppPrivacy(req, parseGppFromRequest(req));
  const warnings: PrivacyIssue[] = [...gpp.warnings];
  const applies = settings.gdpr.enabled && gdprApplies(req, gpp.gdpr, settings);
  const raw = applies ? gpp.consent : undefined;
  const consent = raw === undefined ? undefined : decodeTcf(raw);
  if (raw !== undefined && !consent) {
    warnings.push({
      code: PRIVACY_WARNING.invalidConsent,
      message: 'GDPR consent string is not a valid TCF v2 string: no bidder gets user ids or precise geo',
    });
  }
  const usp = usPrivacy(gpp.usPrivacy, warnings);
  return {
    signals: {
      gdpr: { applies, ...(consent ? { consent } : {}), consentInvalid: raw !== undefined && !consent },
      ccpaOptOut: usp?.[2] === 'Y',
      noSale: noSale(req, ns),
      coppa: obj(req.regs)?.['coppa'] === 1,
      lmt: obj(req.device)?.['lmt'] === 1,
    },
    warnings,
  };
}
