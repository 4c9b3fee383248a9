// AMP consent parameters (contract "GET /openrtb2/amp": gdpr_consent, consent_type, gdpr_applies,
// addtl_consent; notes §15 `amp.ReadPolicy`, G): they become the request's 2.5 privacy fields
// (user.ext.consent, regs.ext.gdpr, regs.ext.us_privacy). Unusable consent is a warning, never a 4xx.
import { TCString } from '@iabtcf/core';
import type { BidRequest } from '../../openrtb/types.js';
import type { ResponseIssue } from '../../auction/types.js';
import { checkUsPrivacy } from '../../auction/request/validate-parties.js';
import type { AmpQuery } from './query.js';
import { withProps } from '@gavel/common';

/** Warning code for unusable privacy consent (upstream 10001). */
const INVALID_CONSENT = 10001;

export interface ConsentOutcome {
  request: BidRequest;
  warnings: ResponseIssue[];
}

function isValidTcf2(consent: string): boolean {
  try {
    return TCString.decode(consent).version === 2;
  } catch {
    return false;
  }
}

function withGdpr(req: BidRequest, consent: string, applies: boolean | undefined): BidRequest {
  return withProps(req, {
    user: withProps(req.user, { ext: withProps(req.user?.ext, { consent }) }),
    // gdpr_applies absent: a TCF2 string sent by the page means GDPR applies (G).
    regs: withProps(req.regs, { ext: withProps(req.regs?.ext, { gdpr: applies === false ? 0 : 1 }) }),
  });
}

function withUsPrivacy(req: BidRequest, consent: string): BidRequest {
  return withProps(req, {
    regs: withProps(req.regs, { ext: withProps(req.regs?.ext, { us_privacy: consent }) }),
  });
}

/** `1~1.35.41` → [1, 35, 41] (additional-consent spec v1); bad items are skipped. */
export function consentedProviders(addtl: string): number[] {
  const tilde = addtl.indexOf('~');
  if (tilde < 0) return [];
  return addtl
    .slice(tilde + 1)
    .split('.')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
}

function withAddtlConsent(req: BidRequest, addtl: string | undefined): BidRequest {
  if (addtl === undefined) return req;
  return withProps(req, {
    user: withProps(req.user, {
      ext: withProps(req.user?.ext, {
        ConsentedProvidersSettings: { consented_providers: addtl },
        consented_providers_settings: { consented_providers: consentedProviders(addtl) },
      }),
    }),
  });
}

function applyConsentString(req: BidRequest, q: AmpQuery, consent: string): ConsentOutcome {
  const warn = (message: string): ConsentOutcome => ({
    request: req,
    warnings: [{ code: INVALID_CONSENT, message }],
  });
  switch (q.consentType) {
    case '1':
      return warn('TCF1 consent is deprecated and no longer supported.');
    case '2':
      return isValidTcf2(consent)
        ? { request: withGdpr(req, consent, q.gdprApplies), warnings: [] }
        : warn(`Consent string '${consent}' is not a valid TCF2 consent string.`);
    case '3': {
      const problem = checkUsPrivacy(consent);
      if (problem !== undefined)
        return warn(`Consent string '${consent}' is not a valid CCPA consent string.`);
      const warnings =
        q.gdprApplies === true
          ? [{ code: INVALID_CONSENT, message: 'gdpr_applies is ignored with a CCPA consent string.' }]
          : [];
      return { request: withUsPrivacy(req, consent), warnings };
    }
    case '4':
      // GPP (J ConsentType.GPP): the string is the request's regs.gpp; gpp_sid names its sections.
      return { request: withProps(req, { regs: withProps(req.regs, { gpp: consent }) }), warnings: [] };
    case undefined:
      if (checkUsPrivacy(consent) === undefined)
        return { request: withUsPrivacy(req, consent), warnings: [] };
      if (isValidTcf2(consent)) return { request: withGdpr(req, consent, q.gdprApplies), warnings: [] };
      return warn(
        `Consent string '${consent}' is not recognized as one of the supported formats CCPA or TCF2.`,
      );
    default:
      return warn(`Invalid consent_type param passed: '${q.consentType}'`);
  }
}

export function applyAmpConsent(request: BidRequest, q: AmpQuery): ConsentOutcome {
  const withSids = q.gppSid
    ? withProps(request, { regs: withProps(request.regs, { gpp_sid: q.gppSid }) })
    : request;
  const base = withAddtlConsent(withSids, q.addtlConsent);
  if (q.consent === undefined) return { request: base, warnings: [] };
  return applyConsentString(base, q, q.consent);
}
