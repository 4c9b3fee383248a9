// TCF v2 for the consent scenario: one vendor list (served by the mock vendor-list host and used to
// encode the string) and a consent string, built with @iabtcf/core, that consents to the purposes
// and to some vendors only.
import { GVL, TCModel, TCString, type VendorList } from '@iabtcf/core';

/** GVL vendor ids of the mock bidders (config `bidders.<name>.gvl-vendor-id`). */
export const VENDOR_IDS = { alphabid: 901, betabid: 902 } as const;
export const GVL_VERSION = 142;

const PURPOSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function named(ids: number[], what: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    out[id] = { id, name: `${what} ${id}`, description: `${what} ${id}`, illustrations: [] };
  }
  return out;
}

function vendor(id: number): Record<string, unknown> {
  return {
    id,
    name: `e2e vendor ${id}`,
    purposes: PURPOSES,
    legIntPurposes: [],
    flexiblePurposes: [],
    specialPurposes: [1],
    features: [],
    specialFeatures: [],
    cookieMaxAgeSeconds: 86400,
    usesCookies: true,
    cookieRefresh: false,
    usesNonCookieAccess: false,
    dataRetention: { stdRetention: 30, purposes: {}, specialPurposes: {} },
    dataDeclaration: [1],
    urls: [{ langId: 'en', privacy: 'http://127.0.0.1/privacy' }],
  };
}

/** A complete IAB-shaped GVL v3 document declaring every mock vendor with purposes 1–10. */
export function gvlDocument(version: number = GVL_VERSION): Record<string, unknown> {
  const vendors: Record<string, unknown> = {};
  for (const id of Object.values(VENDOR_IDS)) vendors[id] = vendor(id);
  return {
    gvlSpecificationVersion: 3,
    vendorListVersion: version,
    tcfPolicyVersion: 4,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: named(PURPOSES, 'purpose'),
    specialPurposes: named([1, 2], 'special purpose'),
    features: named([1, 2, 3], 'feature'),
    specialFeatures: named([1, 2], 'special feature'),
    stacks: {},
    dataCategories: named([1], 'data category'),
    vendors,
  };
}

/** A TC string (GDPR applies) with consent to purposes 1–10 and to `consentedVendors` only. */
export function consentString(consentedVendors: readonly number[]): string {
  const model = new TCModel(new GVL(gvlDocument() as unknown as VendorList));
  model.cmpId = 10;
  model.cmpVersion = 1;
  model.consentScreen = 1;
  model.isServiceSpecific = true;
  model.purposeConsents.set(PURPOSES);
  model.vendorConsents.set([...consentedVendors]);
  return TCString.encode(model);
}
