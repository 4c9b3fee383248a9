// GumGum adapter: one call for all imps; banners get a size from their first format, params feed
// site.id (zone), site.publisher.id (pubId), banner.ext (slot), video.ext (irisid) and imp.ext.product.
import type { Banner, BidRequest, Format, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { resolveAuctionPrice } from '../../helpers/auction-price.js';
import { withProps } from '@gavel/common';

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
  const copy: Banner = withProps(banner, { w: first.w, h: first.h });
  if (slot) {
    const { w, h } = biggestFormat(banner.format ?? []);
    copy.ext = { si: slot, maxw: w, maxh: h };
  }
  return copy;
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    let zone = '';
    let pubId = 0;
    const mapImp = (imp: Readonly<Imp>): Imp | BidderError => {
      const read = readImpExt(imp);
      if ('error' in read) return read.error;
      const params = read.parts.bidder as GumGumParams;
      const copy: Imp = withProps(imp, {});
      const adUnitCode = (read.parts.ext.prebid as { adunitcode?: unknown } | undefined)?.adunitcode;
      if (typeof adUnitCode === 'string' && adUnitCode) copy.tagid = adUnitCode;
      if (imp.banner) copy.banner = sizedBanner(imp.banner, params.slot);
      // The iris id and the product replace the video ext and the imp ext, as GumGum reads them.
      if (imp.video && params.irisid) copy.video = withProps(imp.video, { ext: { irisid: params.irisid } });
      if (params.product) copy.ext = { product: params.product };
      zone = params.zone || zone;
      pubId = params.pubId || pubId;
      return copy;
    };
    const mapRequest = (body: BidRequest): BidRequest => {
      if (!body.site) return body;
      const site = withProps(body.site, zone ? { id: zone } : {});
      if (pubId) site.publisher = withProps(site.publisher, { id: String(pubId) });
      return withProps(body, { site });
    };
    return requestWithAllImps(request, { uri: ctx.endpoint, mapImp, mapRequest });
  },
  // A bid for anything but a known banner imp is video, as GumGum answers.
  bidType: (bid, request) => mediaTypeOfImp(request.imp, bid.impid, ['banner'], 'video') ?? 'video',
  decorate: (typed) => {
    if (typed.type !== 'video' || !typed.bid.adm) return typed;
    const adm = resolveAuctionPrice(typed.bid.adm, typed.bid.price);
    return withProps(typed, { bid: withProps(typed.bid, { adm }) });
  },
  status: {
    template: {
      badRequest: 'Bad user input: HTTP status {status}',
      other: 'Bad server response: HTTP status {status}',
    },
  },
  defaultCurrency: 'USD',
});
