// Collects the bids and imps an auction did not turn into seat bids, per seat (G
// exchange/seat_non_bids.go SeatNonBidBuilder), and shapes them as the response's
// `ext.{ns}.seatnonbid` (G openrtb_ext NonBid / NonBidObject, Go `omitempty` semantics: zero
// numbers, empty strings and empty lists are left out). Seats and entries keep insertion order
// (upstream iterates a Go map, so its order is random).

/** `seatnonbid[].nonbid[].ext.prebid.bid`: the rejected bid's summary (G NonBidObject, its field order). */
export interface NonBidObject {
  price?: number;
  adomain?: string[];
  cattax?: number;
  cat?: string[];
  dealid?: string;
  w?: number;
  h?: number;
  dur?: number;
  mtype?: number;
  origbidcpm?: number;
  origbidcur?: string;
}

export interface NonBid {
  impid: string;
  statuscode: number;
  /** The ns key is always `prebid` here, as upstream's struct tag (it is inside the ns object already). */
  ext?: { prebid: { bid: NonBidObject } };
}

export interface SeatNonBid {
  nonbid: NonBid[];
  seat: string;
}

/** The bid fields a rejection records (an OpenRTB `Bid` fits). */
export interface RejectedBidFields {
  impid?: unknown;
  price?: unknown;
  adomain?: unknown;
  cattax?: unknown;
  cat?: unknown;
  dealid?: unknown;
  w?: unknown;
  h?: unknown;
  dur?: unknown;
  mtype?: unknown;
}

export interface RejectBidInput {
  /** Seat (bidder or alternate code) the bid was made under. */
  seat: string;
  /** Seat-non-bid status code (NON_BID_REASON). */
  code: number;
  bid: RejectedBidFields;
  /** The bidder's own price before adjustment / conversion (AuctionBid.originalPrice). */
  origbidcpm?: number;
  /** The bidder's currency ('' = unknown). */
  origbidcur?: string;
}

export interface RejectImpsInput {
  seat: string;
  code: number;
  impIds: readonly string[];
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v !== 0 ? v : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const strs = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.length > 0 ? v.filter((s): s is string => typeof s === 'string') : undefined;

/** G rejectBid's NonBidObject, keys in upstream order, zero values omitted. */
export function nonBidObject(input: Omit<RejectBidInput, 'seat' | 'code'>): NonBidObject {
  const { bid } = input;
  const fields: [keyof NonBidObject, unknown][] = [
    ['price', num(bid.price)],
    ['adomain', strs(bid.adomain)],
    ['cattax', num(bid.cattax)],
    ['cat', strs(bid.cat)],
    ['dealid', str(bid.dealid)],
    ['w', num(bid.w)],
    ['h', num(bid.h)],
    ['dur', num(bid.dur)],
    ['mtype', num(bid.mtype)],
    ['origbidcpm', num(input.origbidcpm)],
    ['origbidcur', str(input.origbidcur)],
  ];
  const out: Record<string, unknown> = {};
  for (const [k, v] of fields) if (v !== undefined) out[k] = v;
  return out;
}

export interface SeatNonBidCollector {
  /** G rejectBid: one entry with the bid's summary. Ignores a missing bid. */
  rejectBid(input: RejectBidInput): void;
  /** G rejectImps: one bare entry per imp (failed calls, blocked requests). */
  rejectImps(input: RejectImpsInput): void;
  /** G append: adds another collector's entries (e.g. one per bidder call). */
  merge(other: SeatNonBidCollector): void;
  /** Entries by seat, in insertion order. */
  entries(): ReadonlyMap<string, readonly NonBid[]>;
  /** G Slice: the wire list (empty when nothing was collected). */
  seats(): SeatNonBid[];
  readonly size: number;
}

/**
 * A class, not an object literal: a literal with a getter is built by the runtime with its accessor
 * pair in old space, and that old garbage kept each auction's non-bids (and what they reference)
 * alive through every scavenge until the next full GC (docs/performance.md, 2026-11-27 night).
 */
class Collector implements SeatNonBidCollector {
  readonly #bySeat = new Map<string, NonBid[]>();

  #push(seat: string, items: NonBid[]): void {
    if (items.length === 0) return;
    const list = this.#bySeat.get(seat);
    if (list) list.push(...items);
    else this.#bySeat.set(seat, [...items]);
  }

  rejectBid(input: RejectBidInput): void {
    if (input.bid === null || typeof input.bid !== 'object') return;
    const impid = typeof input.bid.impid === 'string' ? input.bid.impid : '';
    this.#push(input.seat, [
      { impid, statuscode: input.code, ext: { prebid: { bid: nonBidObject(input) } } },
    ]);
  }

  rejectImps({ seat, code, impIds }: RejectImpsInput): void {
    this.#push(
      seat,
      impIds.map((impid) => ({ impid, statuscode: code })),
    );
  }

  merge(other: SeatNonBidCollector): void {
    if (other === this) return;
    for (const [seat, list] of other.entries()) this.#push(seat, [...list]);
  }

  entries(): ReadonlyMap<string, readonly NonBid[]> {
    return this.#bySeat;
  }

  seats(): SeatNonBid[] {
    return [...this.#bySeat].map(([seat, nonbid]) => ({ nonbid: [...nonbid], seat }));
  }

  get size(): number {
    return this.#bySeat.size;
  }
}

/** A new, empty collector (one per auction; one per bidder call merged in is fine too). */
export function createSeatNonBidCollector(): SeatNonBidCollector {
  return new Collector();
}
