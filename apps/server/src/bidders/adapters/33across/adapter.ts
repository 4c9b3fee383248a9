// 33Across adapter: one call per (zone, product) group of imps; params become imp.ext.ttx, the
// request ext names the caller, and bids are video only when ext.ttx.mediaType says so.
import type { BidRequest, Imp, Video } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, inputError, parseBidResponse } from '../../helpers/bid-response.js';

const BAD_VIDEO = 'One or more invalid or missing video field(s) w, h, protocols, mimes, playbackmethod';

function checkVideo(video: Readonly<Video>, product: string): Video | undefined {
  const playback = video.playbackmethod as unknown[] | undefined;
  if (!video.w || !video.h || !video.protocols || !video.mimes || !playback) return undefined;
  // Instream inventory defaults to a pre-roll start.
  if (product === 'instream' && video.startdelay === undefined) return { ...video, startdelay: 0 };
  return video;
}

function callerExt(ext: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const ttx = (ext?.ttx ?? {}) as { caller?: unknown[] };
  const caller = [...(ttx.caller ?? []), { name: 'Prebid-Server', version: 'n/a' }];
  return { ttx: { ...ttx, caller } };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    const groups = new Map<string, Imp[]>();
    for (const imp of request.imp) {
      if (!imp.banner && !imp.video) {
        errors.push(inputError(`Imp ID ${imp.id} must have at least one of [Banner, Video] defined`));
        continue;
      }
      const read = readImpExt(imp);
      if ('error' in read) {
        errors.push(read.error);
        continue;
      }
      const { productId, siteId, zoneId } = read.parts.bidder as Record<string, string | undefined>;
      const prod = productId ?? '';
      const zoneid = zoneId || siteId || '';
      const copy: Imp = { ...imp, ext: { ttx: { prod, zoneid } } };
      if (imp.video) {
        const video = checkVideo(imp.video, prod);
        if (!video) {
          errors.push(inputError(BAD_VIDEO));
          continue;
        }
        copy.video = video;
      }
      const key = `${zoneid}\u0000${prod}`;
      groups.set(key, [...(groups.get(key) ?? []), copy]);
    }
    const ext = callerExt(request.ext);
    const calls: OutgoingRequest[] = [...groups.values()].map((imp) => {
      const body: BidRequest = { ...request, imp, ext };
      return postJson(ctx.endpoint, body);
    });
    return { value: calls, errors };
  },

  makeBids(_request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid }) => {
      const mediaType = (bid.ext?.ttx as { mediaType?: unknown } | undefined)?.mediaType;
      return { bid, type: mediaType === 'video' ? 'video' : 'banner' };
    });
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
