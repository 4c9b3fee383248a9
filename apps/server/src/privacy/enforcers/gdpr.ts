// GDPR enforcer (notes §19, TCF v2 via @iabtcf/core). With a vendor list (privacy/gvl) the host's and
// account's TCF rules decide per bidder (privacy/tcf decideTcf, upstream G full/basic enforcement):
// no bid request → the bidder is not called; no ids → ids scrubbed; no precise geo → IP masked and geo
// rounded. Without a list the consent string alone decides (tcf-permissions.ts): purpose 2 missing →
// not called, no legal basis for purposes 2–10 → ids scrubbed, special feature 1 off → geo masked.
import type {
  EnforcerResult,
  PrivacyBidder,
  PrivacyEnforcer,
  PrivacySettings,
  PrivacySignals,
} from '../types.js';
import type { BidRequest } from '../../openrtb/types.js';
import { idsAllowed, preciseGeoAllowed, purposeAllowed } from '../tcf-permissions.js';
import { maskIp, roundGeo, scrubIds } from '../scrub.js';
import { decideTcf } from '../tcf/index.js';

interface Verdict {
  call: boolean;
  ids: boolean;
  geo: boolean;
}

function withoutList(settings: PrivacySettings, bidder: PrivacyBidder, signals: PrivacySignals): Verdict {
  const tc = signals.gdpr.consent;
  const vendor = bidder.gvlVendorId;
  const known = tc !== undefined && vendor !== undefined && vendor > 0;
  return {
    call: !settings.gdpr.enforcePurpose2 || (known && purposeAllowed(tc, 2, vendor)),
    ids: known && idsAllowed(tc, vendor),
    geo: !settings.gdpr.enforceSpecialFeature1 || (tc !== undefined && preciseGeoAllowed(tc)),
  };
}

function verdictOf(settings: PrivacySettings, bidder: PrivacyBidder, signals: PrivacySignals): Verdict {
  const { tcf } = settings.gdpr;
  const vendorList = signals.gdpr.vendorList;
  if (!tcf || !vendorList) return withoutList(settings, bidder, signals);
  const d = decideTcf({
    vendorList,
    config: tcf,
    ...(signals.gdpr.consent ? { consent: signals.gdpr.consent } : {}),
    bidder: {
      code: bidder.code,
      name: bidder.name,
      ...(bidder.gvlVendorId !== undefined ? { gvlVendorId: bidder.gvlVendorId } : {}),
    },
  });
  return { call: d.allowBidRequest, ids: d.passUserIds, geo: d.passGeo };
}

function shaped(request: BidRequest, v: Verdict, settings: PrivacySettings): BidRequest {
  let out = request;
  if (!v.ids) out = scrubIds(out);
  if (!v.geo) out = roundGeo(maskIp(out, settings.ipv4KeepBits, settings.ipv6KeepBits));
  return out;
}

export function createGdprEnforcer(settings: PrivacySettings): PrivacyEnforcer {
  return {
    name: 'gdpr',
    apply(request, bidder, signals): EnforcerResult {
      if (!signals.gdpr.applies) return { allowed: true, request };
      const v = verdictOf(settings, bidder, signals);
      if (!v.call) return { allowed: false, reason: `bidder "${bidder.name}" blocked by privacy settings` };
      return { allowed: true, request: shaped(request, v, settings) };
    },
  };
}
