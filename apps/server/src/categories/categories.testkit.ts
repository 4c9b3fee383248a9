// Test kit: upstream's exchange test data (G exchange/test/category-mapping/freewheel/freewheel.json),
// bids in the shape of G's TestCategoryMapping* cases, and their price granularity (0–20 by 2, precision 2).
import { Decimal } from 'decimal.js';
import type { BrandCategorySettings, CategoryBid, IncludeBrandCategory } from './types.js';
import { createMemoryCategoryFetcher } from './fetcher.js';

export const FREEWHEEL_TEST_FILE = {
  'IAB1-1': { id: 'VideoGames', name: 'VideoGames' },
  'IAB1-2': { id: 'HomeDecor', name: 'HomeDecor' },
  'IAB1-3': { id: 'Electronics', name: 'Electronics' },
  'IAB1-4': { id: 'Sports', name: 'Sports' },
  'IAB1-5': { id: 'Medicine', name: 'Medicine' },
  'IAB1-6': { id: 'Makeup', name: 'Makeup' },
};

/** G's `newCategoryFetcher("./test/category-mapping")`: only freewheel/freewheel.json. */
export const harnessFetcher = () =>
  createMemoryCategoryFetcher({ freewheel: { freewheel: FREEWHEEL_TEST_FILE } });

/** G's test granularity: ranges [{min 0, max 20, increment 2}], precision 2 (bucket rounded down). */
export function testBucket(price: number): string {
  const p = new Decimal(price);
  if (p.greaterThan(20)) return '20.00';
  return p.dividedBy(2).floor().times(2).toFixed(2);
}

export interface TestBidSpec {
  id: string;
  price: number;
  cat?: string[];
  duration?: number;
  primaryCategory?: string;
  seat?: string;
}

export function testBid(s: TestBidSpec): CategoryBid {
  const seat = s.seat ?? 'appnexus';
  return {
    seat,
    bidder: seat,
    bid: { id: s.id, price: s.price, ...(s.cat ? { cat: s.cat } : {}) },
    ...(s.duration !== undefined || s.primaryCategory !== undefined
      ? { video: { duration: s.duration ?? 0, primary_category: s.primaryCategory ?? '' } }
      : {}),
    priceBucket: testBucket(s.price),
  };
}

/** G's newExtRequest (withcategory, freewheel, translate) with overrides. */
export function testSettings(
  over: Partial<Omit<BrandCategorySettings, 'includeBrandCategory'>> = {},
  include: Partial<IncludeBrandCategory> = {},
): BrandCategorySettings {
  return {
    includeBrandCategory: {
      primaryAdServer: 1,
      publisher: '',
      withCategory: true,
      translateCategories: true,
      ...include,
    },
    appendBidderNames: false,
    durationRangeSec: [],
    requireExactDuration: false,
    ...over,
  };
}

/** A scripted boolean source that counts its calls. */
export function scripted(...values: boolean[]): { next: () => boolean; calls: () => number } {
  let n = 0;
  return {
    next: () => {
      const v = values[n % Math.max(1, values.length)] ?? false;
      n++;
      return v;
    },
    calls: () => n,
  };
}

export const ids = (bids: readonly CategoryBid[]): string[] => bids.map((b) => b.bid.id);
export const catDurs = (m: ReadonlyMap<string, string>): Record<string, string> => Object.fromEntries(m);
