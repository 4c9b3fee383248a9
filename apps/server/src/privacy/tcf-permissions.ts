// TCF v2 legal-basis checks for one vendor (notes §19 "Purposes"): purpose 2 to be called, any of
// purposes 2–10 to receive ids, special feature 1 for precise geo/IP. No Global Vendor List is
// fetched, so a vendor's declared basis is unknown: a consent signal (purpose + vendor consent) or a
// legitimate-interest signal (purpose LI + vendor LI) both count, minus publisher restrictions.
import { RestrictionType, type TCModel } from '@iabtcf/core';

/** Purposes for which TCF v2.2 does not allow legitimate interest. */
const CONSENT_ONLY = new Set([1, 3, 4, 5, 6]);

/** Whether `vendor` has a legal basis for `purpose` in the decoded consent. */
export function purposeAllowed(tc: TCModel, purpose: number, vendor: number): boolean {
  const restriction = tc.publisherRestrictions.getRestrictionType(vendor, purpose);
  if (restriction === RestrictionType.NOT_ALLOWED) return false;
  const consent = tc.purposeConsents.has(purpose) && tc.vendorConsents.has(vendor);
  const li =
    !CONSENT_ONLY.has(purpose) &&
    tc.purposeLegitimateInterests.has(purpose) &&
    tc.vendorLegitimateInterests.has(vendor);
  if (restriction === RestrictionType.REQUIRE_CONSENT) return consent;
  if (restriction === RestrictionType.REQUIRE_LI) return li;
  return consent || li;
}

/** G `PassID`: a legal basis for any of purposes 2–10. */
export function idsAllowed(tc: TCModel, vendor: number): boolean {
  for (let p = 2; p <= 10; p++) if (purposeAllowed(tc, p, vendor)) return true;
  return false;
}

/** Special feature 1 (precise geolocation) opted in by the user. */
export function preciseGeoAllowed(tc: TCModel): boolean {
  return tc.specialFeatureOptins.has(1);
}
