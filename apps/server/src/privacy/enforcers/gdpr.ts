// GDPR enforcer (notes §19, TCF v2 via @iabtcf/core): purpose 2 missing → the bidder is not called;
// no legal basis for ids (purposes 2–10) → ids scrubbed; special feature 1 not opted in → IP masked
// and geo rounded. Unknown vendor id or unusable consent: no legal basis for anything (G).
import type { PrivacyEnforcer, PrivacySettings } from '../types.js';
import { idsAllowed, preciseGeoAllowed, purposeAllowed } from '../tcf-permissions.js';
import { maskIp, roundGeo, scrubIds } from '../scrub.js';

export function createGdprEnforcer(settings: PrivacySettings): PrivacyEnforcer {
  const { enforcePurpose2, enforceSpecialFeature1 } = settings.gdpr;
  return {
    name: 'gdpr',
    apply(request, bidder, signals) {
      if (!signals.gdpr.applies) return { allowed: true, request };
      const tc = signals.gdpr.consent;
      const vendor = bidder.gvlVendorId;
      const known = tc !== undefined && vendor !== undefined && vendor > 0;
      if (enforcePurpose2 && !(known && purposeAllowed(tc, 2, vendor))) {
        return { allowed: false, reason: `bidder "${bidder.name}" blocked by privacy settings` };
      }
      let out = request;
      if (!(known && idsAllowed(tc, vendor))) out = scrubIds(out);
      if (enforceSpecialFeature1 && !(tc && preciseGeoAllowed(tc))) {
        out = roundGeo(maskIp(out, settings.ipv4KeepBits, settings.ipv6KeepBits));
      }
      return { allowed: true, request: out };
    },
  };
}
