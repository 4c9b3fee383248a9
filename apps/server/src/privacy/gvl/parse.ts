// Parses an IAB Global Vendor List file (v2 or v3 JSON) into the few sets enforcement needs
// (go-gdpr vendorlist2.ParseEagerly). Also the vendor queries of the enforcement algorithms.
import type { GvlVendor, VendorList } from './types.js';

export type ParseOutcome = { ok: true; list: VendorList } | { ok: false; reason: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function idSet(v: unknown): ReadonlySet<number> {
  const out = new Set<number>();
  if (Array.isArray(v)) for (const x of v) if (Number.isInteger(x)) out.add(x as number);
  return out;
}

function parseVendor(key: string, v: unknown): GvlVendor | undefined {
  if (!isObject(v)) return undefined;
  const id = Number.isInteger(v['id']) ? (v['id'] as number) : Number(key);
  if (!Number.isInteger(id) || id <= 0) return undefined;
  return {
    id,
    purposes: idSet(v['purposes']),
    legIntPurposes: idSet(v['legIntPurposes']),
    flexiblePurposes: idSet(v['flexiblePurposes']),
    specialFeatures: idSet(v['specialFeatures']),
  };
}

/** Parses the JSON document of one list; `specVersion` is the version it was requested as. */
export function parseVendorList(doc: unknown, specVersion: number): ParseOutcome {
  if (!isObject(doc)) return { ok: false, reason: 'vendor list is not a JSON object' };
  const version = doc['vendorListVersion'];
  if (!Number.isInteger(version) || (version as number) <= 0) {
    return { ok: false, reason: 'vendorListVersion was 0 or undefined' };
  }
  const raw = doc['vendors'];
  if (!isObject(raw)) return { ok: false, reason: 'vendors is not an object' };
  const vendors = new Map<number, GvlVendor>();
  for (const [key, v] of Object.entries(raw)) {
    const vendor = parseVendor(key, v);
    if (vendor) vendors.set(vendor.id, vendor);
  }
  return { ok: true, list: { specVersion, version: version as number, vendors } };
}

/** Parses a list from text; a syntax error is a failed outcome, never an exception. */
export function parseVendorListText(text: string, specVersion: number): ParseOutcome {
  let doc: unknown;
  try {
    doc = JSON.parse(text) as unknown;
  } catch (e) {
    return { ok: false, reason: `malformed JSON: ${(e as Error).message}` };
  }
  return parseVendorList(doc, specVersion);
}

/** The vendor declares `purpose` on consent, or as flexible (go-gdpr `Purpose`). */
export function declaresConsent(v: GvlVendor, purpose: number): boolean {
  return v.purposes.has(purpose) || v.flexiblePurposes.has(purpose);
}

/** The vendor declares `purpose` on legitimate interest, or as flexible (go-gdpr `LegitimateInterest`). */
export function declaresLegitimateInterest(v: GvlVendor, purpose: number): boolean {
  return v.legIntPurposes.has(purpose) || v.flexiblePurposes.has(purpose);
}

/** The GVL spec version for a consent string's TCF policy version (G getSpecVersion). */
export function gvlSpecVersion(tcfPolicyVersion: number): number {
  return tcfPolicyVersion >= 4 ? 3 : 2;
}
