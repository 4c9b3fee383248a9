// Test helper: builds TCF v2 consent strings with @iabtcf/core's encoder over a small in-memory
// vendor list (no corpus files, no network). Only imported by *.test.ts files.
import { GVL, PurposeRestriction, RestrictionType, TCModel, TCString } from '@iabtcf/core';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const named = (n: number) =>
  Object.fromEntries(ids(n).map((id) => [id, { id, name: `p${id}`, description: '', descriptionLegal: '' }]));

/** A vendor list where the given vendors declare every purpose as flexible (consent or LI). */
function testGvl(vendors: readonly number[]): GVL {
  const gvl = new GVL({
    gvlSpecificationVersion: 2,
    vendorListVersion: 100,
    tcfPolicyVersion: 2,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: named(10),
    specialPurposes: named(2),
    features: named(3),
    specialFeatures: named(2),
    stacks: {},
    vendors: Object.fromEntries(
      vendors.map((id) => [
        id,
        {
          id,
          name: `v${id}`,
          purposes: ids(10),
          legIntPurposes: [2, 7, 8, 9, 10],
          flexiblePurposes: ids(10),
          specialPurposes: [],
          features: [],
          specialFeatures: [1, 2],
          policyUrl: 'https://example.com',
          cookieMaxAgeSeconds: null,
          usesCookies: false,
          cookieRefresh: false,
          usesNonCookieAccess: false,
        },
      ]),
    ),
  });
  return gvl;
}

export interface ConsentSpec {
  purposeConsents?: number[];
  purposeLI?: number[];
  vendorConsents?: number[];
  vendorLI?: number[];
  specialFeatures?: number[];
  /** vendor → purposes the publisher does not allow. */
  notAllowed?: Record<number, number[]>;
}

export function consentString(spec: ConsentSpec): string {
  const vendors = [...new Set([...(spec.vendorConsents ?? []), ...(spec.vendorLI ?? []), 1])];
  const m = new TCModel(testGvl(vendors));
  m.cmpId = 10;
  m.cmpVersion = 1;
  m.isServiceSpecific = true;
  m.purposeConsents.set(spec.purposeConsents ?? []);
  m.purposeLegitimateInterests.set(spec.purposeLI ?? []);
  m.vendorConsents.set(spec.vendorConsents ?? []);
  m.vendorLegitimateInterests.set(spec.vendorLI ?? []);
  m.specialFeatureOptins.set(spec.specialFeatures ?? []);
  for (const [vendor, purposes] of Object.entries(spec.notAllowed ?? {}))
    for (const p of purposes)
      m.publisherRestrictions.add(Number(vendor), new PurposeRestriction(p, RestrictionType.NOT_ALLOWED));
  return TCString.encode(m);
}
