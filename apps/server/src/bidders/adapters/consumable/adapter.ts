// Consumable adapter: the request as it is, in one call; its first imp's params pick the route — site
// requests go to `/sb/rtb` (site, network and unit ids), others to `/rtb/bid?s=<placement id>`. Bids
// are typed by mtype (banner, video, audio); bids of another type are dropped without error.
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type {
  Adapter,
  AdapterContext,
  BidderError,
  MediaType,
  OutgoingRequest,
  Result,
  TypedBid,
} from '../../types.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { allBids, inputError, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { postJson } from '../../helpers/json-request.js';

function numberParam(params: Record<string, unknown>, key: string): number {
  const value = paramIgnoringCase(params, key);
  return typeof value === 'number' ? value : 0;
}

function routeOf(request: Readonly<BidRequest>): string | BidderError {
  const first = request.imp[0];
  if (!first) return inputError('No impressions in the request');
  const read = readImpExt(first);
  if ('error' in read) return read.error;
  const params = read.parts.bidder;
  if (request.site) {
    const ids = ['siteId', 'networkId', 'unitId'].map((key) => numberParam(params, key));
    if (ids.every((id) => id === 0)) {
      return inputError('SiteId, NetworkId and UnitId are all required for site requests');
    }
    return '/sb/rtb';
  }
  const placement = paramIgnoringCase(params, 'placementid');
  if (typeof placement !== 'string' || placement === '') {
    return inputError('PlacementId is required for non-site requests');
  }
  return `/rtb/bid?s=${placement}`;
}

function requests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const route = routeOf(request);
  if (typeof route !== 'string') return { value: [], errors: [route] };
  const headers = { 'Content-Type': ['application/json'], Accept: ['application/json'] };
  return { value: [postJson(`${ctx.endpoint}${route}`, request, headers)], errors: [] };
}

const TYPES: readonly MediaType[] = ['banner', 'video', 'audio'];

function typedBid(bid: Bid): TypedBid | undefined {
  const type = mediaTypeOfMtype(bid.mtype);
  if (!type || !TYPES.includes(type)) return undefined;
  if (type !== 'video') return { bid, type };
  return { bid, type, video: { duration: bid.dur ?? 0, primary_category: '' } };
}

export const adapter: Adapter = {
  makeRequests: requests,
  makeBids(_request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(parsed.value)) {
      const typed = typedBid(bid);
      if (typed) bids.push(typed);
    }
    return { value: { currency: parsed.value.cur || undefined, bids }, errors: [] };
  },
};
