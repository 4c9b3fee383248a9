// Brand categories, competitive separation and hb_pb_cat_dur (upstream G exchange.applyCategoryMapping,
// file_fetcher FetchCategories; docs/categories.md). A leaf: the coordinator wires it into the pipeline.
//
// Exported API (the contract):
//
//   readBrandCategorySettings(targeting: unknown, opts?: { at?: string; requireExactDuration?: boolean })
//     → { settings?: BrandCategorySettings; errors: string[] }
//     Reads ext.<ns>.targeting (keys case-insensitive, as G). `settings` absent = feature off.
//   videoCategoryTargeting(videoBody): Record<string, unknown>
//     The targeting fields the video endpoint must add (G createBidExtension).
//
//   applyCategoryMapping({ bids, settings, fetcher, random }): Promise<CategoryMappingResult<B>>
//     bids: B extends CategoryBid = { seat, bidder, bid: {id, cat?, price}, video?: {duration,
//     primary_category}, priceBucket } (priceBucket = the bid's hb_pb string, computed by the caller);
//     random: () => boolean, equal-bucket tie-breaker (true → the later bid survives).
//     → { error?, kept: B[], hbPbCatDur: Map<bidId, string>, rejected: CategoryRejection[], warnings }
//     `error` is fatal (G: HTTP 500 "Critical error while running the auction: <error>").
//     Each rejected[].message goes to ext.errors.<ns> with code 999 (CATEGORY_REJECTION_ERROR_CODE);
//     rejected[].nonBidCode (303) goes to seatnonbid.
//
//   createFileCategoryFetcher({ dir, maxFiles?, missingTtlMs? }): CategoryFetcher
//   createMemoryCategoryFetcher({ [adServer]: { [fileName]: json } }): CategoryFetcher
//   createCachedCategoryFetcher({ read, maxFiles?, missingTtlMs? }): CategoryFetcher  (any file source)
//   createCategoryFetcherFromConfig({ config, storedFilesDir }): CategoryFetcher
//   createEmptyCategoryFetcher(): CategoryFetcher
//     CategoryFetcher = { fetch(adServer, publisher, iab): Promise<string | undefined>,
//                         lookup(adServer, publisher, iab): Promise<{id} | {error}> }
//
//   findDurationRange(duration, ranges) → {ok: true, duration} | {ok: false, error}
//   dealTierCatDur(catDur, {prefix, minDealTier}, dealPriority) → string | undefined
//   primaryAdServerName(1 | 2 | n) → 'freewheel' | 'dfp' | undefined
//   categoryMappingSection (config section `category-mapping`), CategoryMappingConfig
//
// Where it runs (G HoldAuction): after floors enforcement, before bid-id generation, event
// tracking, ranking and targeting, only when bids came back and includebrandcategory is present.
export type {
  BrandCategorySettings,
  CategoryBid,
  CategoryFetcher,
  CategoryLookup,
  CategoryMappingResult,
  CategoryRejection,
  IncludeBrandCategory,
} from './types.js';
export {
  applyCategoryMapping,
  primaryAdServerName,
  rejectionMessage,
  CATEGORY_REJECTION_ERROR_CODE,
  NON_BID_CATEGORY_MAPPING_INVALID,
  REASON_DEDUPLICATED,
  REASON_NO_CATEGORY,
  type ApplyCategoryMappingOptions,
} from './apply.js';
export {
  readBrandCategorySettings,
  videoCategoryTargeting,
  type BrandCategoryRead,
  type ReadBrandCategoryOptions,
} from './settings.js';
export {
  categoryFileName,
  createCachedCategoryFetcher,
  createFileCategoryFetcher,
  createMemoryCategoryFetcher,
  parseCategoryFile,
  type CachedCategoryFetcherOptions,
  type CategoryFileRead,
  type FileCategoryFetcherOptions,
} from './fetcher.js';
export { createCategoryFetcherFromConfig, createEmptyCategoryFetcher } from './from-config.js';
export { findDurationRange, DURATION_EXCEEDS_MAX, type DurationRange } from './duration.js';
export { dealTierCatDur, type DealTier } from './deal-tier.js';
export { categoryMappingSection, type CategoryMappingConfig } from './config-section.js';
