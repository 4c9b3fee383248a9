// Test kit: real TCF v2 strings encoded with @iabtcf/core and decoded back (as read-signals does),
// and enforcement-side vendor lists. The encoder's list declares everything so no signal is dropped
// on encoding; what a vendor declares for enforcement comes from `vendorList(...)`.
import { GVL, PurposeRestriction, RestrictionType, TCModel, TCString } from '@iabtcf/core';
import { parseVendorList } from '../gvl/parse.js';
import type { VendorList } from '../gvl/types.js';
import { gvlDocument, type GvlVendorSpec } from '../gvl/gvl-server.testkit.js';
import { defaultHostTcfConfig, type HostTcfConfig } from './config-section.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const named = (n: number) =>
  Object.fromEntries(ids(n).map((id) => [id, { id, name: `p${id}`, description: '', descriptionLegal: '' }]));

function encoderGvl(vendors: readonly number[]): GVL {
  const vendor = (id: number) => ({
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
  });
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 100,
    tcfPolicyVersion: 4,
    lastUpdated: '2026-01-01T00:00:00Z',
    purposes: named(10),
    specialPurposes: named(2),
    features: named(3),
    specialFeatures: named(2),
    stacks: {},
    vendors: Object.fromEntries(vendors.map((id) => [id, vendor(id)])),
  });
}

export interface ConsentSpec {
  purposeConsents?: number[];
  purposeLI?: number[];
  vendorConsents?: number[];
  vendorLI?: number[];
  specialFeatures?: number[];
  purposeOneTreatment?: boolean;
  /** vendor → purpose → restriction. */
  restrictions?: Record<number, Record<number, 'not-allowed' | 'require-consent' | 'require-li'>>;
}

const RESTRICTION = {
  'not-allowed': RestrictionType.NOT_ALLOWED,
  'require-consent': RestrictionType.REQUIRE_CONSENT,
  'require-li': RestrictionType.REQUIRE_LI,
} as const;

/** Encodes the spec and decodes it again: the TCModel enforcement sees in production. */
export function consent(spec: ConsentSpec): TCModel {
  const restricted = Object.keys(spec.restrictions ?? {}).map(Number);
  const vendors = [...new Set([...(spec.vendorConsents ?? []), ...(spec.vendorLI ?? []), ...restricted, 1])];
  const m = new TCModel(encoderGvl(vendors));
  m.cmpId = 10;
  m.cmpVersion = 1;
  m.isServiceSpecific = true;
  m.purposeOneTreatment = spec.purposeOneTreatment ?? false;
  m.purposeConsents.set(spec.purposeConsents ?? []);
  m.purposeLegitimateInterests.set(spec.purposeLI ?? []);
  m.vendorConsents.set(spec.vendorConsents ?? []);
  m.vendorLegitimateInterests.set(spec.vendorLI ?? []);
  m.specialFeatureOptins.set(spec.specialFeatures ?? []);
  for (const [vendor, byPurpose] of Object.entries(spec.restrictions ?? {}))
    for (const [p, r] of Object.entries(byPurpose))
      m.publisherRestrictions.add(Number(vendor), new PurposeRestriction(Number(p), RESTRICTION[r]));
  return TCString.decode(TCString.encode(m));
}

/** An enforcement-side list (spec 3, version 100) with the given vendor declarations. */
export function vendorList(vendors: Record<number, GvlVendorSpec>): VendorList {
  const parsed = parseVendorList(gvlDocument(3, 100, vendors), 3);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.list;
}

/** Host defaults with a few keys changed (kebab-case as in the host config). */
export function hostConfig(change: (c: HostTcfConfig) => void = () => {}): HostTcfConfig {
  const c = defaultHostTcfConfig();
  change(c);
  return c;
}
