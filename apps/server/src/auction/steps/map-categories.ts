// Step 9b: brand categories and competitive separation (categories/): with
// `ext.<ns>.targeting.includebrandcategory`, each bid's category is translated, duplicates of the same
// category (or price and duration) are removed, and `hb_pb_cat_dur` is prepared for targeting.
import { BadRequestError, withProps } from '@gavel/common';
import {
  applyCategoryMapping,
  CATEGORY_REJECTION_ERROR_CODE,
  readBrandCategorySettings,
  type CategoryFetcher,
} from '../../categories/index.js';
import { granularityFor, readTargeting } from '../../targeting/targeting-config.js';
import { priceBucket } from '../../targeting/price-granularity.js';
import type { AuctionBid, AuctionContext, RejectedBid, ResponseIssue } from '../types.js';

export interface CategoryServices {
  fetcher: CategoryFetcher;
  /** Equal-bucket tie-breaker: true → the later bid survives (upstream draws at random). */
  random: () => boolean;
}

export interface MappedCategories {
  bids: AuctionBid[];
  rejected: RejectedBid[];
  errors: ResponseIssue[];
}

export async function mapCategories(
  ctx: AuctionContext,
  bids: AuctionBid[],
  svc: CategoryServices | undefined,
): Promise<MappedCategories> {
  const nsExt = ctx.request.ext?.[ctx.ns] as Record<string, unknown> | undefined;
  const { settings } = readBrandCategorySettings(nsExt?.['targeting']);
  const targeting = readTargeting(ctx.request.ext, ctx.ns, ctx.account.priceGranularity);
  if (!settings || !svc || !targeting || bids.length === 0) return { bids, rejected: [], errors: [] };
  const priced = bids.map((ab) => ({
    ab,
    seat: ab.seat,
    bidder: ab.bidder,
    bid: ab.bid,
    ...(ab.video ? { video: ab.video } : {}),
    priceBucket: priceBucket(ab.bid.price, granularityFor(targeting, ab.type)),
  }));
  const res = await applyCategoryMapping({
    bids: priced,
    settings,
    fetcher: svc.fetcher,
    random: svc.random,
  });
  // Bad input: 400 naming the field (upstream answers 500 "Critical error while running the auction").
  if (res.error)
    throw new BadRequestError(res.error, `ext.${ctx.ns}.targeting.includebrandcategory.primaryadserver`);
  const byId = new Map(priced.map((p) => [p.bid.id, p.ab]));
  const rejected: RejectedBid[] = [];
  for (const r of res.rejected) {
    const ab = byId.get(r.bidId);
    if (ab && r.nonBidCode !== undefined) rejected.push({ bid: ab, code: r.nonBidCode });
  }
  return {
    bids: res.kept.map((k) => {
      const catDur = res.hbPbCatDur.get(k.bid.id);
      if (catDur === undefined) return k.ab;
      // A bidder-layer bid has the key (auction-bid.ts): a spread that replaces it, V8's fast clone.
      return 'categoryDuration' in k.ab
        ? { ...k.ab, categoryDuration: catDur }
        : withProps(k.ab, { categoryDuration: catDur });
    }),
    rejected,
    errors: res.rejected.map((r) => ({ code: CATEGORY_REJECTION_ERROR_CODE, message: r.message })),
  };
}
