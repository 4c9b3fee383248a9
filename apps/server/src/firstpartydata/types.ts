// Structural types of the first-party-data module (upstream G firstpartydata package).
import type { App, Device, Site, User } from '../openrtb/types.js';

/** The wire namespace of the request's own ext members: `core` (ext.core) or `prebid` (ext.prebid). */
export type FpdNamespace = string;

/**
 * Core bidder code for a name matched case-insensitively (G openrtb_ext.NormalizeBidderName), or
 * undefined for names that are no core bidder (request aliases, unknown names): those are kept
 * exactly as written.
 */
export type BidderNormalizer = (name: string) => string | undefined;

/** One bidder's `ext.<ns>.bidderconfig[].config.ortb2` (G openrtb_ext.ORTB2): raw JSON patches. */
export interface BidderFpdConfig {
  site?: unknown;
  app?: unknown;
  user?: unknown;
  device?: unknown;
}

/**
 * Request-level first-party data taken out of the request when `ext.<ns>.data.bidders` is given.
 * `site`/`app`/`user` are the former `{site,app,user}.ext.data` values (any JSON, null included);
 * the arrays are the former `user.data`, `site.content.data`, `app.content.data`.
 */
export interface GlobalFpd {
  site?: unknown;
  app?: unknown;
  user?: unknown;
  userData?: unknown[];
  siteContentData?: unknown[];
  appContentData?: unknown[];
}

/**
 * What one bidder gets instead of the request's objects (G firstpartydata.ResolvedFirstPartyData).
 * An absent member leaves the bidder's own copy as it is.
 */
export interface ResolvedFpd {
  site?: Site;
  app?: App;
  user?: User;
  device?: Device;
  /**
   * The bidder's config set a non-empty `user.eids` (G fpdUserEIDExists): those eids are sent as
   * they are; otherwise the bidder keeps its own (eid-permission-filtered) `user.eids`.
   */
  userEidsFromConfig: boolean;
}

/** Bidder (normalised name, or request alias as written) → its resolved first-party data. */
export type ResolvedFpdMap = ReadonlyMap<string, ResolvedFpd>;
