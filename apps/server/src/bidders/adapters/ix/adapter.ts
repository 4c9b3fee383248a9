// Index Exchange adapter: one call for all imps; single-size banners get w/h, a single site id becomes
// the publisher id (several are reported in ext.ixdiag), and bids carry mtype, prebid type or imp type.
import type { Banner, Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { mapImps } from '../../helpers/imp-requests.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { allBids, inputError, serverError } from '../../helpers/bid-response.js';
import { mediaTypeOfImp, mediaTypeOfMtype } from '../../helpers/media-type.js';
import { bidTypeOfExt } from '../../helpers/prebid-bid-ext.js';
import { bidResponseDecodeError } from '../../helpers/bid-response-decode.js';
import { mergeNativeImpTrackers } from './native-trackers.js';
import { readAuctionConfigs } from './auction-configs.js';
import { withProps } from '@gavel/common';

function ixBanner(banner: Readonly<Banner>): Banner {
  const copy: Banner = { ...banner };
  if (!copy.format?.length && copy.w !== undefined && copy.h !== undefined)
    copy.format = [{ w: copy.w, h: copy.h }];
  const only = copy.format?.length === 1 ? copy.format[0] : undefined;
  if (only) Object.assign(copy, { w: only.w, h: only.h });
  return copy;
}

function ixdiagExt(
  request: Readonly<BidRequest>,
  siteIds: string[],
  version: string,
): Record<string, unknown> {
  const ext = (request.ext ?? {}) as { prebid?: { channel?: { version?: string } }; schain?: unknown };
  const ixdiag: Record<string, unknown> = { ...(request.ext?.ixdiag as object | undefined) };
  // The server version without its commit hash ("0.23.1-g4ee257d8" → "0.23.1").
  ixdiag.pbsv = version ? (version.split('-')[0] ?? '') : 'unknown';
  ixdiag.pbsp = 'go';
  if (ext.prebid?.channel?.version) ixdiag.pbjsv = ext.prebid.channel.version;
  if (siteIds.length > 1) ixdiag.multipleSiteIds = [...siteIds].sort().join(', ');
  return withProps(ext.prebid ? { prebid: ext.prebid } : {}, ext.schain ? { schain: ext.schain } : {}, {
    ixdiag,
  });
}

function mapImp(imp: Readonly<Imp>, siteIds: Set<string>): Imp | BidderError {
  const prebid = imp.ext?.prebid;
  if (prebid !== undefined && prebid !== null && (typeof prebid !== 'object' || Array.isArray(prebid))) {
    const found = JSON.stringify(prebid).charAt(0);
    return inputError(`cannot unmarshal adapters.ExtImpBidder.Prebid: expect { or n, but found ${found}`);
  }
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const params = read.parts.bidder;
  if (params.sid !== undefined && typeof params.sid !== 'string') {
    const found = JSON.stringify(params.sid).charAt(0);
    return inputError(`cannot unmarshal openrtb_ext.ExtImpIx.Sid: expects " or n, but found ${found}`);
  }
  const siteId = params.siteId ?? params.siteid ?? params.siteID;
  if (typeof siteId === 'string' && siteId) siteIds.add(siteId);
  const copy: Imp = { ...imp };
  if (params.sid) copy.ext = withProps(read.parts.ext, { sid: params.sid });
  if (imp.banner) copy.banner = ixBanner(imp.banner);
  return copy;
}

function typedBid(original: Bid, request: Readonly<BidRequest>): TypedBid | BidderError {
  const bid = { ...original };
  const stated = (bid.ext?.prebid as { type?: unknown } | undefined)?.type;
  if (!mediaTypeOfMtype(bid.mtype) && typeof stated === 'string' && stated && !bidTypeOfExt(bid.ext))
    return serverError(`invalid BidType: ${stated}`);
  const type =
    mediaTypeOfMtype(bid.mtype) ??
    bidTypeOfExt(bid.ext) ??
    mediaTypeOfImp(request.imp, bid.impid, ['banner', 'video', 'native', 'audio']);
  if (!type) return serverError(`unmatched impression id: ${bid.impid}`);
  const typed: TypedBid = { bid, type };
  const video = (bid.ext?.prebid as { video?: { duration?: number; primary_category?: string } } | undefined)
    ?.video;
  if (type === 'video' && video) {
    typed.video = { duration: video.duration ?? 0, primary_category: video.primary_category ?? '' };
    if (!bid.cat?.length) bid.cat = [video.primary_category ?? ''];
  }
  if (type === 'native' && bid.adm) bid.adm = mergeNativeImpTrackers(bid.adm);
  return typed;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const siteIds = new Set<string>();
    const { imps, errors } = mapImps(request, (imp) => mapImp(imp, siteIds));
    if (imps.length === 0) return { value: [], errors };
    const body: BidRequest = withProps(request, {
      imp: imps,
      ext: ixdiagExt(request, [...siteIds], ctx.version),
    });
    const [only] = siteIds.size === 1 ? [...siteIds] : [];
    const publisherOf = (p: object | undefined) => withProps(p, only ? { id: only } : {});
    if (request.site) body.site = withProps(request.site, { publisher: publisherOf(request.site.publisher) });
    if (request.app) body.app = withProps(request.app, { publisher: publisherOf(request.app.publisher) });
    return { value: [postJson(ctx.endpoint, body)], errors };
  },

  makeBids(request, call) {
    const opened = openBidResponse(call, { parseErrorPrefix: 'JSON parsing error: ' });
    if (!opened.ok) return opened.result;
    const mistyped = bidResponseDecodeError(call.response.body);
    if (mistyped) return { value: null, errors: [serverError(`JSON parsing error: ${mistyped.message}`)] };
    const configs = readAuctionConfigs(opened.response.ext);
    if ('error' in configs) return { value: null, errors: [configs.error] };
    const errors: BidderError[] = [];
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(opened.response)) {
      const typed = typedBid(bid, request);
      if (isBidderError(typed)) errors.push(typed);
      else bids.push(typed);
    }
    return { value: { currency: opened.response.cur || 'USD', bids, ...configs.value }, errors };
  },
};
