// The mocked bidder layer (exchange README §5): one mock per outgoingRequests entry, keyed by the
// name the bidder has in the request. It records what it received (the expectations are checked
// after the auction) and answers the ready-made seat bids, prices untouched.
import type { AuctionBid, BidderLayer, BidderRequest, SeatResult } from '@gavel/server';
import type { BidderSpec, MockSeatBid } from './spec.js';

type Obj = Record<string, unknown>;

/**
 * Bid ids whose mock gave no `bidType`: Go leaves `ext.prebid.type` out for them (omitempty), while
 * every Gavel bid has a media type; the runner removes it from those bids before comparing.
 */
export const untypedBidIds = new Set<string>();

export interface MockCall {
  bidder: string;
  request: BidderRequest['request'];
  /** The factor map upstream hands the bidder layer: request factors with lower-cased keys, or null. */
  bidAdjustments: Record<string, number> | null;
}

const TYPES = new Set(['banner', 'video', 'native', 'audio']);

function factorMap(request: Obj, ns: string): Record<string, number> | null {
  const nsExt = request['ext'] && (request['ext'] as Obj)[ns];
  const raw = nsExt && (nsExt as Obj)['bidadjustmentfactors'];
  if (!raw || typeof raw !== 'object') return null;
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw as Obj)) if (typeof v === 'number') out[k.toLowerCase()] = v;
  return Object.keys(out).length > 0 ? out : null;
}

/** Decoded as Go does into ExtBidPrebidVideo: keys matched case-insensitively, others dropped. */
function goVideo(v: Obj): NonNullable<AuctionBid['video']> {
  const get = (key: string) => Object.entries(v).find(([k]) => k.toLowerCase() === key)?.[1];
  const duration = get('duration');
  const category = get('primary_category');
  return {
    duration: typeof duration === 'number' ? duration : 0,
    primary_category: typeof category === 'string' ? category : '',
  };
}

function seatBids(br: BidderRequest, sb: MockSeatBid): AuctionBid[] {
  return (sb.pbsBids ?? []).map((b) => {
    const bid = b.ortbBid as unknown as AuctionBid['bid'];
    const type = (TYPES.has(b.bidType ?? '') ? b.bidType : 'banner') as AuctionBid['type'];
    if (!b.bidType) untypedBidIds.add(bid.id);
    const out: AuctionBid = {
      bidder: br.bidder,
      seat: sb.seat ?? br.bidder,
      adapterCode: br.adapterCode,
      bid,
      type,
      originalPrice: bid.price,
      originalCurrency: '',
    };
    if (b.bidVideo) out.video = goVideo(b.bidVideo);
    if (b.bidMeta) out.meta = b.bidMeta;
    return out;
  });
}

function answer(br: BidderRequest, spec: BidderSpec | undefined): SeatResult[] {
  const mock = spec?.mockResponse ?? {};
  const errors = (mock.errors ?? []).map((message) => ({ code: 999, message }));
  const httpCalls = mock.httpCalls as SeatResult['httpCalls'];
  const base = { errors: [], warnings: [], responseTimeMs: 0, ...(httpCalls ? { httpCalls } : {}) };
  const seats = mock.pbsSeatBids ?? [];
  if (seats.length === 0) return [{ bidder: br.bidder, bids: [], ...base, errors }];
  return seats.map((sb, i) => ({
    bidder: br.bidder,
    bids: seatBids(br, sb),
    ...base,
    errors: i === 0 ? errors : [],
    ...(sb.fledgeAuctionConfigs?.length
      ? {
          fledge: sb.fledgeAuctionConfigs.map((c) => ({
            impid: c.impid,
            bidder: br.bidder,
            ...(c.bidder ? { adapter: c.bidder } : {}),
            config: c.config,
          })),
        }
      : {}),
  }));
}

/** A bidder layer answering from the fixture; `calls` collects what each mock received. */
export function mockBidderLayer(outgoing: Record<string, BidderSpec>, calls: MockCall[]): BidderLayer {
  return (ctx, requests) => {
    const seats: SeatResult[] = [];
    for (const br of requests) {
      calls.push({
        bidder: br.bidder,
        request: br.request,
        bidAdjustments: factorMap(ctx.request, ctx.ns),
      });
      seats.push(...answer(br, outgoing[br.bidder]));
    }
    return Promise.resolve({ seats, bids: seats.flatMap((s) => s.bids), errors: {} });
  };
}
