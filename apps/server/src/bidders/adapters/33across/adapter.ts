// 33Across adapter: one call per (zone, product) group of imps; params become imp.ext.ttx, the
// request ext names the caller, and bids are video only when ext.ttx.mediaType says so.
import type { Imp, Video } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

const BAD_VIDEO = 'One or more invalid or missing video field(s) w, h, protocols, mimes, playbackmethod';

function checkVideo(video: Readonly<Video>, product: string): Video | undefined {
  const playback = video.playbackmethod as unknown[] | undefined;
  if (!video.w || !video.h || !video.protocols || !video.mimes || !playback) return undefined;
  // Instream inventory defaults to a pre-roll start.
  if (product === 'instream' && video.startdelay === undefined) return withProps(video, { startdelay: 0 });
  return video;
}

function mapImp(imp: Readonly<Imp>): Imp | BidderError {
  if (!imp.banner && !imp.video) {
    return inputError(`Imp ID ${imp.id} must have at least one of [Banner, Video] defined`);
  }
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const { productId, siteId, zoneId } = read.parts.bidder as Record<string, string | undefined>;
  const prod = productId ?? '';
  const zoneid = zoneId || siteId;
  const copy: Imp = withProps(imp, { ext: { ttx: zoneid ? { prod, zoneid } : { prod } } });
  if (!imp.video) return copy;
  const video = checkVideo(imp.video, prod);
  return video ? withProps(copy, { video }) : inputError(BAD_VIDEO);
}

/** The request ext 33Across reads: only its caller chain, with this server appended. */
function callerExt(ext: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const ttx = (ext?.ttx ?? {}) as { caller?: unknown[] };
  const caller = [
    ...(Array.isArray(ttx.caller) ? ttx.caller : []),
    { name: 'Prebid-Server', version: 'n/a' },
  ];
  return { ttx: { caller } };
}

const HEADERS = { 'Content-Type': ['application/json;charset=utf-8'] };

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const { imps, errors } = mapImps(request, mapImp);
    const groups = new Map<string, Imp[]>();
    for (const imp of imps) {
      const { prod, zoneid = '' } = (imp.ext as { ttx: { prod: string; zoneid?: string } }).ttx;
      const key = `${zoneid}\u0000${prod}`;
      groups.set(key, [...(groups.get(key) ?? []), imp]);
    }
    const ext = callerExt(request.ext);
    return {
      value: [...groups.values()].map((imp) =>
        postJson(ctx.endpoint, withProps(request, { imp, ext }), HEADERS),
      ),
      errors,
    };
  },
  bidType: (bid) =>
    (bid.ext?.ttx as { mediaType?: unknown } | undefined)?.mediaType === 'video' ? 'video' : 'banner',
  // 33Across prices are always USD: the answer's `cur` is not read.
  finish: (result) => withProps(result, { currency: 'USD' }),
});
