// Legacy privacy fields from GPP for bidders whose info doesn't say `gppSupported` (upstream exchange
// setLegacyGDPRFromGPP / setLegacyUSPFromGPP, applied before the 2.5 down-conversion):
// - regs.gdpr, when absent and regs.gpp_sid is given: 1 if the list has TCF EU v2 (2), else 0;
// - user.consent, when empty: the GPP string's TCF EU v2 section;
// - regs.us_privacy, when empty and gpp_sid lists USP v1 (6): the GPP string's USP v1 section.
// The 2.5 `ext` places count as present too (upstream has moved them up to 2.6 by then).
import type { BidRequest } from '../../openrtb/types.js';
import { isObject, type JsonObject } from './json-shape.js';
import { GPP_SECTION, gppSections } from './gpp.js';
import { copyForWrite, withProps } from '@gavel/common';

function given(obj: JsonObject | undefined, key: string): unknown {
  const own = obj?.[key];
  if (own !== undefined && own !== null && own !== '') return own;
  const ext = isObject(obj?.ext) ? obj.ext[key] : undefined;
  return ext !== undefined && ext !== null && ext !== '' ? ext : undefined;
}

/** The request with the legacy fields GPP implies; the same object when none is missing. */
export function withLegacyPrivacyFromGpp(request: BidRequest): BidRequest {
  const regs = isObject(request.regs) ? request.regs : undefined;
  const user = isObject(request.user) ? request.user : undefined;
  const sids = Array.isArray(regs?.gpp_sid) ? (regs.gpp_sid as unknown[]) : undefined;
  const sections = typeof regs?.gpp === 'string' && regs.gpp !== '' ? gppSections(regs.gpp) : undefined;
  const regsAdd: JsonObject = {};
  if (regs && sids && given(regs, 'gdpr') === undefined) {
    regsAdd.gdpr = sids.includes(GPP_SECTION.tcfEuV2) ? 1 : 0;
  }
  const usp = sections?.get(GPP_SECTION.uspV1);
  if (
    regs &&
    sids?.includes(GPP_SECTION.uspV1) &&
    usp !== undefined &&
    given(regs, 'us_privacy') === undefined
  ) {
    regsAdd.us_privacy = usp;
  }
  const tcf = sections?.get(GPP_SECTION.tcfEuV2);
  const consent = tcf !== undefined && given(user, 'consent') === undefined ? tcf : undefined;
  if (Object.keys(regsAdd).length === 0 && consent === undefined) return request;
  const out: BidRequest = copyForWrite(request);
  if (Object.keys(regsAdd).length) out.regs = withProps(regs, regsAdd);
  if (consent !== undefined) out.user = withProps(user, { consent });
  return out;
}
