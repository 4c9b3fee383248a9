// Vocabulary of brand-category mapping (upstream G exchange/exchange.go applyCategoryMapping and
// openrtb_ext.ExtIncludeBrandCategory). Structural types only: the caller maps its own bids onto
// CategoryBid and gets the same objects back.

/** `ext.<ns>.targeting.includebrandcategory` (G ExtIncludeBrandCategory). */
export interface IncludeBrandCategory {
  /** 1 = freewheel, 2 = dfp; anything else is fatal when categories must be translated. 0 = not given. */
  primaryAdServer: number;
  /** Selects `<adserver>_<publisher>.json`; '' = `<adserver>.json`. */
  publisher: string;
  /** true: one bid per category, the category goes into hb_pb_cat_dur. Default false. */
  withCategory: boolean;
  /** false: use the bid's IAB category as it is (no mapping file). Default true. */
  translateCategories: boolean;
}

/** The targeting fields category mapping reads (G ExtRequestTargeting). */
export interface BrandCategorySettings {
  /** Present = the feature is on (upstream runs category mapping only then). */
  includeBrandCategory: IncludeBrandCategory;
  /** Suffix `_<seat>` on every hb_pb_cat_dur value. */
  appendBidderNames: boolean;
  /** Allowed durations; a bid counts as the smallest one ≥ its own duration. Empty = its own duration. */
  durationRangeSec: readonly number[];
  /** Video endpoint only (podconfig.requireexactduration): ranges ignored, the bid's own duration is used. */
  requireExactDuration: boolean;
}

/** One bid as category mapping sees it. `priceBucket` is the caller's hb_pb value for the bid. */
export interface CategoryBid {
  /** Seat (upstream's map key): grouping, dedupe ownership and the appendbiddernames suffix. */
  seat: string;
  /** Bidder or alias name; reported in rejections. */
  bidder: string;
  bid: { id: string; cat?: readonly string[]; price: number };
  /** Adapter-supplied video info: duration (s) and a ready ad-server category that skips mapping. */
  video?: { duration: number; primary_category: string };
  priceBucket: string;
}

/** A bid dropped by category mapping. */
export interface CategoryRejection {
  bidId: string;
  seat: string;
  bidder: string;
  /** Upstream's reason, e.g. `Bid was deduplicated`. */
  reason: string;
  /** Upstream's full line: `bid rejected [bid ID: <id>] reason: <reason>`. */
  message: string;
  /** seatnonbid status code: 303 for "Bid did not contain a category" only (as upstream). */
  nonBidCode?: number;
}

export interface CategoryMappingResult<B extends CategoryBid> {
  /**
   * Fatal (upstream fails the whole auction with HTTP 500 "Critical error while running the
   * auction: <error>"): `Error in category mapping : Primary ad server <n> not recognized`.
   * When set, `kept` holds every input bid and nothing is mapped.
   */
  error?: string;
  /** Surviving bids, in input order (the same objects). */
  kept: B[];
  /** bid id → hb_pb_cat_dur value, for kept bids only (upstream's bidCategory map). */
  hbPbCatDur: Map<string, string>;
  /** In upstream's order; each `message` is an auction error (ext.errors.<ns>, code 999). */
  rejected: CategoryRejection[];
  /** Why category look-ups failed (fetcher texts); upstream only logs these. For debug/logging. */
  warnings: string[];
}

/** Outcome of one category look-up. */
export type CategoryLookup = { id: string } | { error: string };

/** Where ad-server category ids come from (G stored_requests.CategoryFetcher). */
export interface CategoryFetcher {
  /** The ad-server category id of `iabCategory`, or undefined when there is none. Never rejects. */
  fetch(primaryAdServer: string, publisher: string, iabCategory: string): Promise<string | undefined>;
  /** Same look-up with upstream's error text when there is no id. Never rejects. */
  lookup(primaryAdServer: string, publisher: string, iabCategory: string): Promise<CategoryLookup>;
}
