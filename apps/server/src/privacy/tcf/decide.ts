// One bidder's TCF v2 decision for a request in GDPR scope (G gdpr/impl.go: AuctionActivitiesAllowed,
// BidderSyncAllowed, HostCookiesAllowed): may it be called, receive user ids, receive precise geo,
// and be offered a user sync. Pure; the caller decodes the consent and looks the vendor list up.
import type { TCModel } from '@iabtcf/core';
import { gvlSpecVersion, type GvlVendor, type VendorList, type VendorListService } from '../gvl/index.js';
import { purposeConfig, type ResolvedTcfConfig } from './config.js';
import { effectiveAlgo, hasLegalBasis } from './legal-basis.js';

export interface TcfBidder {
  /** Core bidder code: matched against vendor exceptions and basic-enforcement vendors (as G). */
  code: string;
  /** The name in the request (an alias or the code): the key of `aliasGvlIds`. */
  name?: string;
  /** The bidder's GVL vendor id from its info; undefined or 0 = unknown. */
  gvlVendorId?: number;
  /** `ext.<ns>.aliasgvlids` of the request: alias name → vendor id (wins for the auction). */
  aliasGvlIds?: Readonly<Record<string, number>>;
}

export interface TcfDecisionInput {
  /** The decoded TCF v2 string; undefined = absent or malformed. */
  consent?: TCModel;
  /** The list of the consent's version (or a fallback); undefined = none available. */
  vendorList?: VendorList;
  bidder: TcfBidder;
  config: ResolvedTcfConfig;
  /** Vendor ids of the newest list; when non-empty, ids missing from it count as unknown (G LiveGVLVendorIDs). */
  liveVendorIds?: ReadonlySet<number>;
}

export interface TcfDecision {
  /** The bidder may be called (purpose 2). */
  allowBidRequest: boolean;
  /** User ids may be sent (a legal basis for any of purposes 2–10). */
  passUserIds: boolean;
  /** Precise geo and full IPs may be sent (special feature 1). */
  passGeo: boolean;
  /** The bidder may be offered a user sync (purpose 1). */
  allowSync: boolean;
}

const ALLOW_ALL: TcfDecision = { allowBidRequest: true, passUserIds: true, passGeo: true, allowSync: true };

function isLive(id: number, live: ReadonlySet<number> | undefined): boolean {
  return live === undefined || live.size === 0 || live.has(id);
}

function auctionVendorId(b: TcfBidder, live: ReadonlySet<number> | undefined): number {
  const alias = b.name !== undefined ? b.aliasGvlIds?.[b.name] : undefined;
  const id = alias ?? b.gvlVendorId ?? 0;
  return Number.isInteger(id) && id > 0 && isLive(id, live) ? id : 0;
}

interface Known {
  tc: TCModel;
  config: ResolvedTcfConfig;
  name: string;
  vendorId: number;
  vendor?: GvlVendor;
}

function allowGeo(k: Known): boolean {
  const sf1 = k.config.specialFeature1;
  if (!sf1.enforce || sf1.vendorExceptions.has(k.name)) return true;
  const declared = k.vendor?.specialFeatures.has(1) === true || k.config.basicEnforcementVendors.has(k.name);
  return k.tc.specialFeatureOptins.has(1) && declared;
}

function allowIds(k: Known): boolean {
  for (let purpose = 2; purpose <= 10; purpose++) {
    const basic = effectiveAlgo(k.config, purpose, k.name) === 'basic';
    const overrides = {
      enforcePurpose: true,
      enforceVendors: true,
      allowLITransparency: basic && purpose === 2,
    };
    if (hasLegalBasis(Object.assign({ purpose, overrides }, k))) return true;
  }
  return false;
}

/** Purpose 1 for user syncs (G allowSync); `name` undefined = the host (no vendor exceptions). */
function syncAllowed(i: {
  tc?: TCModel;
  list?: VendorList;
  config: ResolvedTcfConfig;
  vendorId: number;
  name?: string;
}): boolean {
  if (!i.tc || !i.list) return false;
  if (!purposeConfig(i.config, 1).enforcePurpose) return true;
  if (i.config.purposeOneTreatment.enabled && i.tc.purposeOneTreatment) {
    return i.config.purposeOneTreatment.accessAllowed;
  }
  return hasLegalBasis({
    tc: i.tc,
    config: i.config,
    purpose: 1,
    name: i.name ?? '',
    vendorId: i.vendorId,
    vendor: i.list.vendors.get(i.vendorId),
    overrides: { blockVendorExceptions: i.name === undefined },
  });
}

function bidderSyncAllowed(i: TcfDecisionInput): boolean {
  const id = i.bidder.gvlVendorId ?? 0;
  if (!Number.isInteger(id) || id <= 0 || !isLive(id, i.liveVendorIds)) return false;
  return syncAllowed({
    tc: i.consent,
    list: i.vendorList,
    config: i.config,
    vendorId: id,
    name: i.bidder.code,
  });
}

/**
 * The bidder's decision when GDPR applies. Without a usable consent string or vendor list, only
 * what the config leaves unenforced is allowed (G defaultPermissions); TCF disabled allows all.
 */
export function decideTcf(i: TcfDecisionInput): TcfDecision {
  if (!i.config.enabled) return ALLOW_ALL;
  const allowSync = bidderSyncAllowed(i);
  if (!i.consent || !i.vendorList) {
    return {
      allowBidRequest: !purposeConfig(i.config, 2).enforcePurpose,
      passUserIds: false,
      passGeo: !i.config.specialFeature1.enforce,
      allowSync,
    };
  }
  const vendorId = auctionVendorId(i.bidder, i.liveVendorIds);
  const k: Known = {
    tc: i.consent,
    config: i.config,
    name: i.bidder.code,
    vendorId,
    vendor: i.vendorList.vendors.get(vendorId),
  };
  const basic = effectiveAlgo(i.config, 2, k.name) === 'basic';
  return {
    allowBidRequest: hasLegalBasis(
      Object.assign({ purpose: 2, overrides: { allowLITransparency: basic } }, k),
    ),
    passUserIds: allowIds(k),
    passGeo: allowGeo(k),
    allowSync,
  };
}

/** Whether the host may read/write its own cookie (G HostCookiesAllowed); host id 0 = always. */
export function hostCookiesAllowed(i: {
  consent?: TCModel;
  vendorList?: VendorList;
  hostVendorId: number;
  config: ResolvedTcfConfig;
}): boolean {
  if (i.hostVendorId <= 0 || !i.config.enabled) return true;
  return syncAllowed({ tc: i.consent, list: i.vendorList, config: i.config, vendorId: i.hostVendorId });
}

/** The list a consent string needs, or the service's fallback while it loads (see VendorListService.resolve). */
export function vendorListForConsent(service: VendorListService, tc: TCModel): VendorList | undefined {
  const spec = gvlSpecVersion(Number(tc.policyVersion));
  return service.resolve(spec, Number(tc.vendorListVersion)).list;
}
