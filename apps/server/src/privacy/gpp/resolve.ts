// GPP against the legacy privacy fields, as G resolves and warns (endpoints/openrtb2/auction.go
// validateRequest → validateUser / validateRegs, privacy/ccpa ReadFromRequestWrapper +
// SelectCCPAConsent, gdpr/utils.go GetGDPR / GetConsent). The legacy fields are read after G's 2.5 →
// 2.6 up-conversion: `regs.gdpr` else `regs.ext.gdpr`, `regs.us_privacy` else `regs.ext.us_privacy`,
// `user.consent` else `user.ext.consent`.
import type { BidRequest } from '../../openrtb/types.js';
import { PRIVACY_WARNING, type PrivacyIssue } from '../types.js';
import { GPP_SID, type ParsedGpp } from './parse.js';

/** The warning texts, byte for byte as G. */
export const GPP_WARNING = {
  invalidGpp: (detail: string) => `GPP consent string is invalid and will be ignored. (${detail})`,
  consentConflict: 'user.consent GDPR string conflicts with GPP (regs.gpp) GDPR string, using regs.gpp',
  gdprConflict: 'regs.gdpr signal conflicts with GPP (regs.gpp_sid) and will be ignored',
  usPrivacyConflict: 'regs.us_privacy consent does not match uspv1 in GPP, using regs.gpp',
} as const;

export interface GppResolution {
  /**
   * Effective GDPR signal (G GetGDPR): a non-empty `gpp_sid` decides (1 when it lists 2), else the
   * `regs.gdpr` flag; undefined = ambiguous (the host/account default or geo decides).
   */
  gdpr?: 0 | 1;
  /** Effective TCF consent string (G GetConsent): the GPP TCF EU v2 section, else `user.consent`. */
  consent?: string;
  /** Effective US Privacy string (G SelectCCPAConsent): GPP USP v1 when `gpp_sid` lists 6, else `regs.us_privacy`. */
  usPrivacy?: string;
  /** In G's order: invalid GPP, user.consent conflict, regs.gdpr conflict, us_privacy conflict. */
  warnings: PrivacyIssue[];
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

/** `o[key]` when a non-empty string, else `o.ext[key]` when one (G moves ext values up when the 2.6 one is empty). */
function text(o: Obj | undefined, key: string): string | undefined {
  const own = o?.[key];
  if (typeof own === 'string' && own !== '') return own;
  const ext = obj(o?.['ext'])?.[key];
  return typeof ext === 'string' && ext !== '' ? ext : undefined;
}

/** `regs.gdpr`, else `regs.ext.gdpr` (G moveGDPRFrom25To26: only when the 2.6 field is absent). */
function gdprFlag(regs: Obj | undefined): unknown {
  const own = regs?.['gdpr'];
  return own !== undefined && own !== null ? own : obj(regs?.['ext'])?.['gdpr'];
}

const warning = (message: string): PrivacyIssue => ({ code: PRIVACY_WARNING.invalidConsent, message });

function resolveGdpr(regs: Obj | undefined, parsed: ParsedGpp, warnings: PrivacyIssue[]): 0 | 1 | undefined {
  const flag = gdprFlag(regs);
  const sids = parsed.sids;
  const sidGdpr = sids?.includes(GPP_SID.tcfEuV2) ? 1 : 0;
  // G validateRegs: any present list, even an empty one, is compared with the flag.
  if (flag !== undefined && flag !== null && sids !== undefined && flag !== sidGdpr) {
    warnings.push(warning(GPP_WARNING.gdprConflict));
  }
  // G GetGDPR: only a non-empty list overrides the flag.
  if (sids !== undefined && sids.length > 0) return sidGdpr;
  return flag === 0 || flag === 1 ? flag : undefined;
}

function resolveConsent(
  user: Obj | undefined,
  parsed: ParsedGpp,
  warnings: PrivacyIssue[],
): string | undefined {
  const consent = text(user, 'consent');
  const tcf = parsed.tcfEuV2;
  // G validateUser: only a request with a user and a consent string is compared.
  if (user && consent !== undefined && tcf !== undefined && tcf !== consent) {
    warnings.push(warning(GPP_WARNING.consentConflict));
  }
  // G GetConsent: a TCF EU v2 section wins whatever gpp_sid says.
  if (tcf !== undefined) return tcf === '' ? undefined : tcf;
  return consent;
}

function resolveUsPrivacy(
  regs: Obj | undefined,
  parsed: ParsedGpp,
  warnings: PrivacyIssue[],
): string | undefined {
  const requested = text(regs, 'us_privacy');
  const fromGpp =
    parsed.sectionIds.length > 0 && parsed.sids?.includes(GPP_SID.uspV1) ? parsed.uspV1 : undefined;
  if (fromGpp === undefined || fromGpp === '') return requested;
  if (requested !== undefined && requested !== fromGpp) warnings.push(warning(GPP_WARNING.usPrivacyConflict));
  return fromGpp;
}

/** The effective legacy privacy values of a request and the GPP warnings (parsed: parseGppFromRequest). */
export function resolveGppPrivacy(request: BidRequest, parsed: ParsedGpp): GppResolution {
  const regs = obj(request.regs);
  const warnings: PrivacyIssue[] = [];
  const firstError = parsed.errors[0];
  if (firstError !== undefined) warnings.push(warning(GPP_WARNING.invalidGpp(firstError)));
  const consent = resolveConsent(obj(request.user), parsed, warnings);
  const gdpr = resolveGdpr(regs, parsed, warnings);
  const usPrivacy = resolveUsPrivacy(regs, parsed, warnings);
  const out: GppResolution = { warnings };
  if (gdpr !== undefined) out.gdpr = gdpr;
  if (consent !== undefined) out.consent = consent;
  if (usPrivacy !== undefined) out.usPrivacy = usPrivacy;
  return out;
}
