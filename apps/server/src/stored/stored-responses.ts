// Stored auction responses and stored bid responses (contract "Stored responses" rules 1–2; notes
// §17): reads the references on each imp, fetches the stored bodies in one lookup, and shapes them.
import type { Bid, BidRequest, Imp, SeatBid } from '../openrtb/types.js';
import type { StoredSource } from './types.js';
import { withProps } from '@gavel/common';

export interface StoredBidResponseSet {
  /** bidder (as keyed in the imp, else canonical) → imp id → stored body in the bidder's own format. */
  bodies: Record<string, Record<string, string>>;
  /** bidder → imp id → overwrite the parsed bids' impid with the imp id (`replaceimpid`, default true). */
  replaceImpId: Record<string, Record<string, boolean>>;
}

export interface StoredResponses {
  /** imp id → the stored seatbids of that imp, each bid's impid overwritten with the imp id. */
  auction: Map<string, SeatBid[]>;
  bids: StoredBidResponseSet;
  /**
   * The request, unchanged: bidder params stay so they are validated as usual (G); the imps with a
   * stored bid response are left out of that bidder's outgoing request by the adapter runner.
   */
  request: BidRequest;
  errors: string[];
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;

interface BidRef {
  imp: number;
  impId: string;
  bidder: string;
  id: string;
  replaceImpId: boolean;
}

/** The imp's bidder key matching `name` case-insensitively (imp.ext.<ns>.bidder, then imp.ext). */
function impBidderKey(imp: Imp, ns: string, name: string): string | undefined {
  const lower = name.toLowerCase();
  const scopes = [asObj(asObj(imp.ext?.[ns])?.['bidder']), imp.ext];
  for (const scope of scopes) {
    const key = scope && Object.keys(scope).find((k) => k.toLowerCase() === lower && k !== ns);
    if (key) return key;
  }
  return undefined;
}

function readRefs(request: BidRequest, ns: string, canonical: (name: string) => string, errors: string[]) {
  const auction: { imp: number; impId: string; id: string }[] = [];
  const bids: BidRefs = [];
  const withAuction: boolean[] = [];
  (Array.isArray(request.imp) ? request.imp : []).forEach((imp, i) => {
    // A non-object imp is reported by validation (step 4); here it simply has no references.
    if (asObj(imp) === undefined) {
      withAuction.push(false);
      return;
    }
    const ext = asObj(imp.ext?.[ns]);
    const sar = ext?.['storedauctionresponse'];
    withAuction.push(sar !== undefined);
    if (sar !== undefined) {
      const id = asObj(sar)?.['id'];
      if (typeof id !== 'string' || id === '')
        errors.push(
          `request.imp[${i}] has ext.${ns}.storedauctionresponse specified, but "id" field is missing`,
        );
      else auction.push({ imp: i, impId: imp.id, id });
    }
    const sbr = ext?.['storedbidresponse'];
    if (sbr === undefined) return;
    for (const entry of Array.isArray(sbr) ? sbr : [sbr]) {
      const e = asObj(entry);
      const bidder = e?.['bidder'];
      const id = e?.['id'];
      if (typeof bidder !== 'string' || bidder === '' || typeof id !== 'string' || id === '') {
        errors.push(
          `request.imp[${i}] has ext.${ns}.storedbidresponse specified, but "id" or/and "bidder" fields are missing`,
        );
        continue;
      }
      const key = impBidderKey(imp, ns, bidder) ?? canonical(bidder);
      bids.push({ imp: i, impId: imp.id, bidder: key, id, replaceImpId: e?.['replaceimpid'] !== false });
    }
  });
  const first = withAuction.indexOf(true);
  const missing = withAuction.indexOf(false);
  if (first >= 0 && missing >= 0)
    errors.push(
      'request validation failed. The StoredAuctionResponse.ID field must be completely present with, or completely absent from, all impressions in request. ' +
        `No StoredAuctionResponse data found for request.imp[${missing}].ext.${ns}`,
    );
  return { auction, bids };
}
type BidRefs = BidRef[];

function parseSeatBids(text: string, impId: string): SeatBid[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const seats: SeatBid[] = [];
  for (const sb of parsed) {
    const seat = asObj(sb);
    if (!seat || !Array.isArray(seat['bid'])) return undefined;
    const bid = (seat['bid'] as unknown[]).map((b) => withProps(asObj(b) as Bid, { impid: impId }));
    seats.push(withProps(seat as unknown as SeatBid, { bid }));
  }
  return seats;
}

export interface StoredResponsesEnv {
  ns: string;
  store: StoredSource;
  /** Canonical code of a bidder name (case-insensitive registry lookup); identity when absent. */
  canonicalBidder?: (name: string) => string | undefined;
  signal?: AbortSignal;
}

/** Resolves the stored auction/bid responses an already merged request refers to. */
export async function resolveStoredResponses(
  request: BidRequest,
  env: StoredResponsesEnv,
): Promise<StoredResponses> {
  const errors: string[] = [];
  const canonical = (name: string) => env.canonicalBidder?.(name) ?? name;
  const refs = readRefs(request, env.ns, canonical, errors);
  const result: StoredResponses = {
    auction: new Map(),
    bids: { bodies: {}, replaceImpId: {} },
    request,
    errors,
  };
  if (errors.length > 0) return result;
  const ids = [...refs.auction.map((r) => r.id), ...refs.bids.map((r) => r.id)];
  if (ids.length === 0) return result;
  const { found } = await env.store.fetch('response', ids, env.signal);
  for (const r of refs.auction) {
    const text = found.get(r.id);
    const seats = typeof text === 'string' ? parseSeatBids(text, r.impId) : undefined;
    if (typeof text !== 'string')
      errors.push(
        `failed to fetch stored auction response for impId = ${r.impId} and storedAuctionResponse id = ${r.id}`,
      );
    else if (!seats)
      errors.push(
        `Stored Response with ID="${r.id}" is not a JSON array of seatbids (storedauctionresponse of imp ${r.impId})`,
      );
    else result.auction.set(r.impId, [...(result.auction.get(r.impId) ?? []), ...seats]);
  }
  for (const r of refs.bids) {
    const text = found.get(r.id);
    if (typeof text !== 'string') {
      errors.push(
        `failed to fetch stored bid response for impId = ${r.impId}, bidder = ${r.bidder} and storedBidResponse id = ${r.id}`,
      );
      continue;
    }
    (result.bids.bodies[r.bidder] ??= {})[r.impId] = text;
    (result.bids.replaceImpId[r.bidder] ??= {})[r.impId] = r.replaceImpId;
  }
  return result;
}

/** Rule 1: one seatbid per seat across imps, in first-seen order. */
export function groupStoredSeatBids(byImp: ReadonlyMap<string, readonly SeatBid[]>): SeatBid[] {
  const bySeat = new Map<string, SeatBid>();
  for (const seats of byImp.values()) {
    for (const sb of seats) {
      const seat = sb.seat ?? '';
      const prev = bySeat.get(seat);
      if (prev) prev.bid.push(...sb.bid);
      else bySeat.set(seat, withProps(sb, { bid: [...sb.bid] }));
    }
  }
  return [...bySeat.values()];
}
