// Category mapping and competitive separation (upstream G exchange.applyCategoryMapping): gives each
// bid its hb_pb_cat_dur value `<price bucket>[_<category>]_<duration>s[_<seat>]` and keeps one bid
// per dedupe key — the category when `withcategory` (one advertiser category per pod), else the
// price/duration pair. The higher price bucket survives; on equal buckets the injected boolean picks
// (true → the later bid). Bids without a usable category, or longer than every allowed duration, are
// dropped. Seats are taken in order of first appearance (G: Go map order, i.e. random), bids in order.
import { Decimal } from 'decimal.js';
import { findDurationRange } from './duration.js';
import type {
  BrandCategorySettings,
  CategoryBid,
  CategoryFetcher,
  CategoryMappingResult,
  CategoryRejection,
} from './types.js';

/** seatnonbid code of "Bid did not contain a category" (G ResponseRejectedCategoryMappingInvalid). */
export const NON_BID_CATEGORY_MAPPING_INVALID = 303;
/** Code of the rejection lines in ext.errors.<ns> (G errortypes.UnknownErrorCode). */
export const CATEGORY_REJECTION_ERROR_CODE = 999;

export const REASON_NO_CATEGORY = 'Bid did not contain a category';
export const REASON_DEDUPLICATED = 'Bid was deduplicated';

/** Ad-server name of `includebrandcategory.primaryadserver` (G getPrimaryAdServer). */
export function primaryAdServerName(id: number): string | undefined {
  return id === 1 ? 'freewheel' : id === 2 ? 'dfp' : undefined;
}

/** G updateRejections. */
export function rejectionMessage(bidId: string, reason: string): string {
  return `bid rejected [bid ID: ${bidId}] reason: ${reason}`;
}

export interface ApplyCategoryMappingOptions<B extends CategoryBid> {
  bids: readonly B[];
  settings: BrandCategorySettings;
  fetcher: CategoryFetcher;
  /** Tie-breaker for equal price buckets; true → the bid met later replaces the earlier one. */
  random: () => boolean;
}

interface Mode {
  withCategory: boolean;
  translate: boolean;
  adServer: string;
  publisher: string;
}

type Resolved = { category: string } | { reason: string; nonBidCode?: number; warning?: string };

async function resolveCategory(b: CategoryBid, mode: Mode, fetcher: CategoryFetcher): Promise<Resolved> {
  const category = b.video?.primary_category ?? '';
  if (!mode.withCategory || category !== '') return { category };
  const cats = b.bid.cat ?? [];
  const iab = cats[0];
  if (cats.length !== 1 || iab === undefined)
    return { reason: REASON_NO_CATEGORY, nonBidCode: NON_BID_CATEGORY_MAPPING_INVALID };
  if (!mode.translate) return { category: iab };
  const got = await fetcher
    .lookup(mode.adServer, mode.publisher, iab)
    .catch((err: unknown) => ({ error: String(err) }));
  if ('id' in got && got.id !== '') return { category: got.id };
  return {
    reason: `Category mapping file for primary ad server: '${mode.adServer}', publisher: '${mode.publisher}' not found`,
    ...('error' in got ? { warning: got.error } : {}),
  };
}

/** G's strconv.ParseFloat of a price bucket, 0 when it is not a number — as a decimal. */
function bucketValue(bucket: string): Decimal {
  try {
    const d = new Decimal(bucket);
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}

interface Held {
  index: number;
  bidId: string;
  bucket: string;
}

/** The pass over the bids once their categories are known. */
class Deduper<B extends CategoryBid> {
  readonly removed = new Set<number>();
  readonly hbPbCatDur = new Map<string, string>();
  readonly rejected: CategoryRejection[] = [];
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly bids: readonly B[],
    private readonly random: () => boolean,
  ) {}

  reject(index: number, reason: string, nonBidCode?: number): void {
    const b = this.bids[index] as B;
    this.removed.add(index);
    this.rejected.push({
      bidId: b.bid.id,
      seat: b.seat,
      bidder: b.bidder,
      reason,
      message: rejectionMessage(b.bid.id, reason),
      ...(nonBidCode !== undefined ? { nonBidCode } : {}),
    });
  }

  /** Keeps bid `index` under `key` unless a bid already held there wins. */
  offer(index: number, key: string, catDur: string): void {
    const b = this.bids[index] as B;
    const dupe = this.held.get(key);
    if (dupe !== undefined) {
      let heldPrice = bucketValue(dupe.bucket);
      let newPrice = bucketValue(b.priceBucket);
      if (heldPrice.equals(newPrice)) {
        if (this.random()) heldPrice = new Decimal(-1);
        else newPrice = new Decimal(-1);
      }
      if (!heldPrice.lessThan(newPrice)) {
        this.reject(index, REASON_DEDUPLICATED);
        return;
      }
      this.reject(dupe.index, REASON_DEDUPLICATED);
      this.hbPbCatDur.delete(dupe.bidId);
    }
    this.hbPbCatDur.set(b.bid.id, catDur);
    this.held.set(key, { index, bidId: b.bid.id, bucket: b.priceBucket });
  }
}

/** Bid indexes grouped by seat, seats in order of first appearance. */
function bySeat(bids: readonly CategoryBid[]): number[] {
  const groups = new Map<string, number[]>();
  bids.forEach((b, i) => {
    const g = groups.get(b.seat);
    if (g) g.push(i);
    else groups.set(b.seat, [i]);
  });
  return [...groups.values()].flat();
}

function modeOf(settings: BrandCategorySettings): Mode | { error: string } {
  const inc = settings.includeBrandCategory;
  const translate = inc.withCategory ? inc.translateCategories : true;
  const mode: Mode = { withCategory: inc.withCategory, translate, adServer: '', publisher: '' };
  if (!inc.withCategory || !translate) return mode;
  const adServer = primaryAdServerName(inc.primaryAdServer);
  if (adServer === undefined)
    return { error: `Error in category mapping : Primary ad server ${inc.primaryAdServer} not recognized` };
  return { ...mode, adServer, publisher: inc.publisher };
}

/**
 * Maps categories, drops duplicates and builds hb_pb_cat_dur for `bids` (all seats of one auction).
 * Never rejects: a fatal setting is returned as `error`.
 */
export async function applyCategoryMapping<B extends CategoryBid>(
  opts: ApplyCategoryMappingOptions<B>,
): Promise<CategoryMappingResult<B>> {
  const { bids, settings } = opts;
  const mode = modeOf(settings);
  if ('error' in mode)
    return { error: mode.error, kept: bids.slice(), hbPbCatDur: new Map(), rejected: [], warnings: [] };

  const resolved = await Promise.all(bids.map((b) => resolveCategory(b, mode, opts.fetcher)));
  const ranges = settings.requireExactDuration ? [] : settings.durationRangeSec;
  const pass = new Deduper(bids, opts.random);
  const warnings: string[] = [];

  for (const i of bySeat(bids)) {
    const b = bids[i] as B;
    const cat = resolved[i] as Resolved;
    if ('reason' in cat) {
      if (cat.warning !== undefined) warnings.push(cat.warning);
      pass.reject(i, cat.reason, cat.nonBidCode);
      continue;
    }
    const dur = findDurationRange(b.video?.duration ?? 0, ranges);
    if (!dur.ok) {
      pass.reject(i, dur.error);
      continue;
    }
    const base = mode.withCategory
      ? `${b.priceBucket}_${cat.category}_${dur.duration}s`
      : `${b.priceBucket}_${dur.duration}s`;
    const catDur = settings.appendBidderNames ? `${base}_${b.seat}` : base;
    pass.offer(i, mode.withCategory ? cat.category : base, catDur);
  }

  const kept = bids.filter((_, i) => !pass.removed.has(i));
  return { kept, hbPbCatDur: pass.hbPbCatDur, rejected: pass.rejected, warnings };
}
