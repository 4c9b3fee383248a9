// The shape most OpenRTB bidders share (adapter contract): build one or more JSON POSTs, then on the
// answer apply the standard status handling, decode the bid response and type each bid. Bidders
// supply only what differs; the generic adapter is this with every default.
import type { Bid, BidRequest, BidResponse } from '../../openrtb/types.js';
import type {
  Adapter,
  AdapterContext,
  BidderError,
  BidderResponse,
  MediaType,
  OutgoingRequest,
  Result,
  TypedBid,
} from '../types.js';
import { postJson } from './json-request.js';
import { isBidderError } from './is-bidder-error.js';
import { stopOnStatus, type StatusWording } from './response-status.js';
import { allBids, parseBidResponse } from './bid-response.js';
import { mediaTypeOfImp, mediaTypeOfMtype } from './media-type.js';

export interface OrtbAdapterSpec {
  /** The calls to make; default: the whole request, once, to `ctx.endpoint`. */
  requests?: (request: Readonly<BidRequest>, ctx: AdapterContext) => Result<OutgoingRequest[]>;
  /** Upstream wording of this bidder's status errors. */
  status?: StatusWording;
  /** A bid's media type, or the error that drops it; default `mtype`, else the imp (banner first). */
  bidType?: (bid: Bid, request: Readonly<BidRequest>) => MediaType | BidderError;
  /** Extra fields of each typed bid (e.g. video duration and category). */
  decorate?: (typed: TypedBid, request: Readonly<BidRequest>) => TypedBid;
  /** A bid-typing error drops the whole answer (no bids), as some bidders do upstream. */
  failOnBidError?: boolean;
  /** Completes the result from the whole answer (e.g. protected-audience auction configs). */
  finish?: (result: BidderResponse, response: BidResponse, ctx: AdapterContext) => BidderResponse;
  /** Currency of the bids when the answer names none. */
  defaultCurrency?: string;
}

const TYPE_ORDER: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

/** Default bid typing: `bid.mtype`, else the first media type the imp offers, else banner. */
export function defaultBidType(bid: Bid, request: Readonly<BidRequest>): MediaType {
  return (
    mediaTypeOfMtype(bid.mtype) ?? mediaTypeOfImp(request.imp, bid.impid, TYPE_ORDER, 'banner') ?? 'banner'
  );
}

export function createOrtbAdapter(spec: OrtbAdapterSpec = {}): Adapter {
  const bidType = spec.bidType ?? defaultBidType;
  return {
    makeRequests(request, ctx) {
      if (spec.requests) return spec.requests(request, ctx);
      return { value: [postJson(ctx.endpoint, request)], errors: [] };
    },
    makeBids(request, call, ctx) {
      const stop = stopOnStatus(call.response, spec.status);
      if (stop) return stop;
      const parsed = parseBidResponse(call);
      if (!parsed.ok) return { value: null, errors: [parsed.error] };
      const bids: TypedBid[] = [];
      const errors: BidderError[] = [];
      for (const { bid } of allBids(parsed.value)) {
        const type = bidType(bid, request);
        if (isBidderError(type)) {
          if (spec.failOnBidError) return { value: null, errors: [type] };
          errors.push(type);
          continue;
        }
        bids.push(spec.decorate ? spec.decorate({ bid, type }, request) : { bid, type });
      }
      const result: BidderResponse = { currency: parsed.value.cur || spec.defaultCurrency, bids };
      return { value: spec.finish ? spec.finish(result, parsed.value, ctx) : result, errors };
    },
  };
}
