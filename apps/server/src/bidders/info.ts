// Bidder info as data: everything the core needs to know about a bidder besides its code.
// Built-in bidders declare it in src/bidders/adapters/<code>/info.ts; hosts declare or override
// bidders in config (bidders.*) with the same shape.
import type { MediaType, Adapter } from './types.js';

export type Platform = 'site' | 'app';

export interface UserSyncEndpoint {
  /** Sync URL; `{{redirect_url}}`, `{{gdpr}}`, `{{gdpr_consent}}`, `{{us_privacy}}` are substituted. */
  url: string;
  /** Macro the bidder replaces with its user id in the redirect, e.g. `$UID`. */
  userMacro?: string;
}

export interface UserSyncInfo {
  /** Cookie family / syncer key (e.g. appnexus → adnxs). Defaults to the bidder code. */
  key?: string;
  iframe?: UserSyncEndpoint;
  redirect?: UserSyncEndpoint;
  /** Default sync type when both are possible. */
  preferred?: 'iframe' | 'redirect';
  enabled?: boolean;
}

export interface BidderInfo {
  /** Endpoint template; macros such as `{{.PublisherID}}` are resolved by the adapter. */
  endpoint: string;
  /** Off → the bidder is known but never called (warning). */
  enabled: boolean;
  maintainer?: { email: string };
  /** IAB Global Vendor List id, for GDPR enforcement. */
  gvlVendorId?: number;
  capabilities: Partial<Record<Platform, MediaType[]>>;
  /** Another bidder code this one is a hard alias of (shares its adapter and params schema). */
  aliasOf?: string;
  userSync?: UserSyncInfo;
  /** May the server insert tracking into this bidder's VAST (/vtrack, cached video). */
  modifyingVastXmlAllowed?: boolean;
  /** Bidder-specific static settings handed to the adapter as `ctx.extraInfo`. */
  extraInfo?: unknown;
  /** Include this bidder's HTTP calls in debug output. */
  debugAllowed?: boolean;
  /** OpenRTB version the bidder speaks ('2.5' default). */
  openrtbVersion?: '2.5' | '2.6';
}

/** One built-in bidder: its info, its params JSON Schema and, unless it is plain OpenRTB, its adapter. */
export interface BidderModule {
  code: string;
  info: BidderInfo;
  /** JSON Schema (draft-07 / 2019) of `imp.ext.bidder` params, served at GET /bidders/params. */
  paramsSchema: Record<string, unknown>;
  /** Absent → the generic OpenRTB 2.5 adapter. */
  adapter?: Adapter;
}
