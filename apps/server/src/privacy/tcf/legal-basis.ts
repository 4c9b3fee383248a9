// Legal basis for one purpose and one vendor under TCF v2 (G gdpr/full_enforcement.go,
// basic_enforcement.go, purpose_enforcer.go): the full algorithm reads the vendor's declarations in
// the vendor list; the basic one only the user's signals. A basic-enforcement vendor is downgraded
// from full to basic for purposes 2–10.
import { RestrictionType, type TCModel } from '@iabtcf/core';
import { declaresConsent, declaresLegitimateInterest, type GvlVendor } from '../gvl/index.js';
import { purposeConfig, type EnforceAlgo, type ResolvedTcfConfig } from './config.js';

/** Adjustments of the configured rule for one activity (G Overrides). */
export interface Overrides {
  /** Basic algorithm: purpose legitimate-interest transparency suffices. */
  allowLITransparency?: boolean;
  /** Vendor exceptions do not apply. */
  blockVendorExceptions?: boolean;
  /** Enforce the purpose whatever the config says. */
  enforcePurpose?: boolean;
  /** Enforce the vendor whatever the config says. */
  enforceVendors?: boolean;
}

export interface LegalBasisInput {
  tc: TCModel;
  config: ResolvedTcfConfig;
  purpose: number;
  /** Bidder code matched against vendor exceptions and basic-enforcement vendors. */
  name: string;
  /** 0 when unknown. */
  vendorId: number;
  /** The vendor's entry in the list; undefined when the list does not have it. */
  vendor?: GvlVendor;
  overrides?: Overrides;
}

function hasRestriction(tc: TCModel, purpose: number, type: RestrictionType, vendorId: number): boolean {
  if (vendorId <= 0) return false;
  return tc.publisherRestrictions
    .getRestrictions(vendorId)
    .some((r) => r.purposeId === purpose && r.restrictionType === type);
}

/** The algorithm used for this purpose and bidder (G NewPurposeEnforcerBuilder with isDowngraded). */
export function effectiveAlgo(config: ResolvedTcfConfig, purpose: number, name: string): EnforceAlgo {
  const algo = purposeConfig(config, purpose).algo;
  const downgraded = purpose !== 1 && algo === 'full' && config.basicEnforcementVendors.has(name);
  return downgraded ? 'basic' : algo;
}

function enforcement(i: LegalBasisInput): { purpose: boolean; vendors: boolean; exception: boolean } {
  const c = purposeConfig(i.config, i.purpose);
  return {
    purpose: i.overrides?.enforcePurpose === true || c.enforcePurpose,
    vendors: i.overrides?.enforceVendors === true || c.enforceVendors,
    exception: c.vendorExceptions.has(i.name) && i.overrides?.blockVendorExceptions !== true,
  };
}

function fullLegalBasis(i: LegalBasisInput): boolean {
  const { tc, purpose: p, vendorId: id, vendor } = i;
  if (hasRestriction(tc, p, RestrictionType.NOT_ALLOWED, id)) return false;
  const e = enforcement(i);
  if (!e.purpose && !e.vendors) return true;
  if (e.exception) return true;
  const consent =
    vendor !== undefined &&
    declaresConsent(vendor, p) &&
    (!e.purpose || tc.purposeConsents.has(p)) &&
    (!e.vendors || tc.vendorConsents.has(id));
  const li =
    vendor !== undefined &&
    declaresLegitimateInterest(vendor, p) &&
    (!e.purpose || tc.purposeLegitimateInterests.has(p)) &&
    (!e.vendors || tc.vendorLegitimateInterests.has(id));
  if (hasRestriction(tc, p, RestrictionType.REQUIRE_CONSENT, id)) return consent;
  if (hasRestriction(tc, p, RestrictionType.REQUIRE_LI, id)) return li;
  return consent || li;
}

function basicLegalBasis(i: LegalBasisInput): boolean {
  const { tc, purpose: p } = i;
  const e = enforcement(i);
  const basicVendor = i.config.basicEnforcementVendors.has(i.name);
  if (!e.purpose && !e.vendors) return true;
  if (e.exception) return true;
  if (!e.purpose && basicVendor) return true;
  if (e.purpose && tc.purposeConsents.has(p) && basicVendor) return true;
  if (e.purpose && i.overrides?.allowLITransparency === true && tc.purposeLegitimateInterests.has(p)) {
    return true;
  }
  if (e.purpose && !tc.purposeConsents.has(p)) return false;
  if (!e.vendors) return true;
  return i.vendorId > 0 && tc.vendorConsents.has(i.vendorId);
}

/** Whether the vendor has a legal basis for the purpose under the configured (or downgraded) algorithm. */
export function hasLegalBasis(i: LegalBasisInput): boolean {
  return effectiveAlgo(i.config, i.purpose, i.name) === 'basic' ? basicLegalBasis(i) : fullLegalBasis(i);
}
