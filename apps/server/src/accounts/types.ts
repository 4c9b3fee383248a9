import type { BidAdjustments } from '../bidadjustments/index.js';
import type { AccountFloorsSettings } from '../floors/index.js';
import type { AccountDsaSettings, AccountValidations } from '../bidvalidation/index.js';
import type { ActivitySettings } from '../privacy/activities/index.js';
import type { AccountHooks } from '../modules/hooks/index.js';

// Per-account settings: host defaults ← the account's stored settings (notes §16). The stored-data
// module resolves them; the pipeline only reads this shape.

export interface AccountCacheTtl {
  banner?: number;
  video?: number;
  native?: number;
  audio?: number;
}

export interface Account {
  /** The account id ('' when the request carries none). */
  id: string;
  /** Disabled/blocked → the auction answers 503. */
  disabled: boolean;
  /** May requests of this account ask for debug output. */
  debugAllowed: boolean;
  /** Default price granularity when the request's targeting gives none (string form or object). */
  priceGranularity?: unknown;
  /** Cache TTL per media type in seconds (variant J order: after bid/imp exp and request ttlseconds). */
  cacheTtl: AccountCacheTtl;
  /** Win/imp event URLs and VAST modification enabled. */
  eventsEnabled: boolean;
  /** Account-level bid adjustment factors per bidder code. */
  bidAdjustmentFactors?: Record<string, number>;
  /** Rule-based bid adjustments of the account (`bidadjustments`, validated; docs/bid-adjustments.md). */
  bidAdjustments?: BidAdjustments;
  /** Most bids kept per bidder and imp when targeting is on (`default_bid_limit`); 0 = no limit. */
  defaultBidLimit?: number;
  /** Price floors of the account (`price_floors` over the host's `price-floors.default-account`). */
  priceFloors?: AccountFloorsSettings;
  /** The account's `price_floors.fetch` block as stored (snake_case; the floors fetcher reads it). */
  priceFloorsFetch?: Record<string, unknown>;
  /** The account's `validations` (only `banner_creative_max_size` overrides the host, as upstream). */
  validations?: AccountValidations;
  /** The account's default DSA object (`privacy.dsa`), written into requests without one. */
  dsa?: AccountDsaSettings;
  /** Activity controls of the account (`privacy.allowactivities`, `privacy.modules`), parsed. */
  activities?: ActivitySettings;
  /** `alternatebiddercodes` of the account (upstream shape: {enabled, bidders: {code: {enabled, allowedbiddercodes}}}). */
  alternateBidderCodes?: Record<string, unknown>;
  /**
   * Media type a multi-format imp keeps for each bidder without multi-format support
   * (`preferredmediatype`: bidder → banner/video/audio/native); the request's biddercontrols win.
   */
  preferredMediaType?: Record<string, string>;
  /** `ext.<ns>.integration` for requests that name none (`default_integration`). */
  defaultIntegration?: string;
  /** The account's `hooks` (execution plan, module config), parsed. */
  hooks?: AccountHooks;
  /** Targeting key prefix of the account (`targeting_prefix`); the request's `targeting.prefix` wins. */
  targetingPrefix?: string;
  /** Longest targeting key (`truncate_target_attr`); absent → 20. */
  truncateTargetAttr?: number;
  /** Unknown bidders / invalid params on the page (`invalid_bidders`); absent → the host's `auction.invalid-bidders`. */
  invalidBidders?: 'drop' | 'reject';
  /** Privacy settings, passed through to the privacy enforcers when they exist. */
  privacy?: Record<string, unknown>;
}
