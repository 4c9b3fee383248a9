// GumGum adapter: one call for all imps; banners get a size from their first format, params feed
// site.id (zone), site.publisher.id (pubId), banner.ext (slot) and video.ext (irisid).
import type { Banner, BidRequest, Format, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';

interface GumGumParams {
  zone?: string;
  pubId?: number;
  irisid?: string;
  slot?: number;
  product?: string;
}

/** The format with the biggest side (ties: the larger one), which GumGum sizes slot creatives by. */
function biggestFormat(formats: readonly Format[]): { w: number; h: number } {
  let best = { w: 0, h: 0, side: 0 };
  for (const { w = 0, h = 0 } of formats) {
    const side = Math.max(w, h);
    if (side > best.side || (side === best.side && w >= best.w && h >= best.h)) best = { w, h, side };
  }
  return { w: best.w, h: best.h };
}

/** Unsized banners take their first format's size, and with a slot the slot extension. */
function sizedBanner(banner: Readonly<Banner>, slot: number | undefined): Banner {
  const first = banner.format?.[0];
  if (banner.w !== undefined || banner.h !== undefined || !first) return { ...banner };
  const copy: Banner = { ...banner, w: first.w, h: first.h };
  if (slot) {
    const { w, h } = biggestFormat(banner.format ?? []);
    copy.ext = { si: slot, maxw: w, maxh: h };
  }
  return copy;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    const imps: Imp[] = [];
    let zone = '';
    let pubId = 0;
    for (const imp of request.imp) {
      const read = readImpExt(imp);
      if ('error' in read) {
        errors.push(read.error);
        continue;
      }
      const params = read.parts.bidder as GumGumParams;
      const copy: Imp = { ...imp };
      if (imp.banner) copy.banner = sizedBanner(imp.banner, params.slot);
      if (imp.video && params.irisid)
        copy.video = { ...imp.video, ext: { ...imp.video.ext, irisid: params.irisid } };
      if (params.product) copy.ext = { ...read.parts.ext, product: params.product };
      if (params.zone) zone = params.zone;
      if (params.pubId) pubId = params.pubId;
      imps.push(copy);
    }
    if (imps.length === 0) return { value: [], errors };
    const body: BidRequest = { ...request, imp: imps };
    if (request.site) {
      body.site = { ...request.site };
      if (zone) body.site.id = zone;
      if (pubId) body.site.publisher = { ...request.site.publisher, id: String(pubId) };
    }
    return { value: [postJson(ctx.endpoint, body)], errors };
  },

  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = allBids(parsed.value).map(({ bid }) => {
      // A bid for anything but a known banner imp is video, as GumGum answers.
      const type = mediaTypeOfImp(request.imp, bid.impid, ['banner'], 'video') ?? 'video';
      if (type !== 'video' || !bid.adm) return { bid, type };
      const adm = bid.adm.replaceAll('${AUCTION_PRICE}', String(bid.price));
      return { bid: { ...bid, adm }, type };
    });
    return { value: { currency: parsed.value.cur || 'USD', bids }, errors: [] };
  },
};
