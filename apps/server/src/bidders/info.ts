// Bidder info as data: everything the core needs to know about a bidder besides its code.
// Built-in bidders declare it in src/bidders/adapters/<code>/info.ts; hosts declare or override
// bidders in config (bidders.*) with the same shape.
import type { MediaType, Adapter } from './types.js';

export type Platform = 'site' | 'app' | 'dooh';

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
  /**
   * The bidder reads GPP (`regs.gpp`/`gpp_sid`) itself (upstream `openrtb.gpp-supported`). Absent or
   * false → the core also fills the legacy GDPR/consent/US-privacy fields from the GPP string.
   */
  gppSupported?: boolean;
  /**
   * The bidder takes imps offering several media types (upstream `openrtb.multiformat-supported`,
   * default true). False → each multi-format imp is reduced to the preferred media type
   * (`ext.<ns>.biddercontrols.<bidder>.prefmtype`, else the account's `preferredmediatype`), or dropped.
   */
  multiformatSupported?: boolean;
  /** `gzip` → request bodies are sent gzipped with `Content-Encoding: gzip` (upstream `endpointCompression`). */
  endpointCompression?: 'gzip';
  /** Regions the bidder serves (ISO 3166 alpha-3 codes, `EEA`, or `!`-negated ones); informational. */
  geoscope?: string[];
  /** Host-provided platform id (upstream `platform_id`, e.g. audienceNetwork), handed to the adapter. */
  platformId?: string;
  /** Host-provided app secret (upstream `app_secret`, e.g. audienceNetwork), handed to the adapter. */
  appSecret?: string;
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
