// Epsilon (Conversant) adapter: one call for all imps; the first imp's site id names the site (or app),
// params fill floor, tag id, secure flag, position and video facts; floors go out in USD.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { openBidResponse } from '../../helpers/open-bid-response.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { withProps } from '@gavel/common';

interface Params {
  site_id?: string;
  bidfloor?: number;
  tag_id?: string;
  secure?: number;
  position?: number;
  mimes?: string[];
  api?: number[];
  protocols?: number[];
  maxduration?: number;
}

const nonEmpty = <T>(list: T[] | undefined): T[] | undefined => (list?.length ? list : undefined);

/** The floor in USD (the params' floor stands in for a missing one), or the request-stopping error. */
function usdFloor(imp: Readonly<Imp>, p: Params, ctx: AdapterContext): Imp | BidderError {
  const floor = imp.bidfloor !== undefined && imp.bidfloor > 0 ? imp.bidfloor : (p.bidfloor ?? 0);
  const out: Imp = withProps(imp, floor > 0 ? { bidfloor: floor } : {});
  const cur = imp.bidfloorcur ?? '';
  if (!(floor > 0) || cur === '' || cur.toUpperCase() === 'USD') return out;
  try {
    return withProps(out, { bidfloor: ctx.convertCurrency(floor, cur, 'USD'), bidfloorcur: 'USD' });
  } catch {
    return inputError(`Unable to convert provided bid floor currency from ${cur} to USD`);
  }
}

function mapImp(imp: Readonly<Imp>, p: Params, ctx: AdapterContext): Imp | BidderError {
  const floored = usdFloor(imp, p, ctx);
  if (isBidderError(floored)) return floored;
  const out: Imp = withProps(floored, { displaymanager: 'prebid-s2s' });
  if (ctx.version) out.displaymanagerver = ctx.version;
  if (p.tag_id) out.tagid = p.tag_id;
  if (!imp.secure && p.secure !== undefined) out.secure = p.secure;
  const pos = p.position === undefined ? {} : { pos: p.position };
  if (imp.banner) {
    const { pos: _ignored, ...banner } = imp.banner;
    out.banner = withProps(banner, pos);
  } else if (imp.video) {
    const { pos: _ignored, ...video } = imp.video;
    out.video = withProps(video, pos);
    const api = nonEmpty(p.api);
    const protocols = nonEmpty(p.protocols);
    const mimes = nonEmpty(p.mimes);
    if (api) out.video.api = api;
    if (protocols) out.video.protocols = protocols;
    if (mimes) out.video.mimes = mimes;
    if (p.maxduration !== undefined) out.video.maxduration = p.maxduration;
  }
  return out;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const imps: Imp[] = [];
    let siteId = '';
    for (const [i, imp] of request.imp.entries()) {
      if (imp.ext === undefined)
        return { value: [], errors: [inputError(`Impression[${i}] missing ext object`)] };
      const params = imp.ext.bidder as Params | undefined;
      if (!params || typeof params !== 'object') {
        return { value: [], errors: [inputError(`Impression[${i}] missing ext.bidder object`)] };
      }
      if (!params.site_id)
        return { value: [], errors: [inputError(`Impression[${i}] requires ext.bidder.site_id`)] };
      siteId ||= params.site_id;
      const mapped = mapImp(imp, params, ctx);
      if (isBidderError(mapped)) return { value: [], errors: [mapped] };
      imps.push(mapped);
    }
    const body: BidRequest = withProps(request, { imp: imps });
    if (request.site) body.site = withProps(request.site, { id: siteId });
    else if (request.app) body.app = withProps(request.app, { id: siteId });
    if (request.cur?.length && request.cur[0] !== 'USD') body.cur = ['USD'];
    return { value: [postJson(ctx.endpoint, body)], errors: [] };
  },
  makeBids(request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) return { value: null, errors: [serverError(`Unexpected status code: ${status}`)] };
    const opened = openBidResponse(call);
    if (!opened.ok) return opened.result;
    const [first] = opened.response.seatbid ?? [];
    if (!first) return { value: null, errors: [serverError('Empty bid request')] };
    // Only the first seat is read; prices are always USD and the imp alone types a bid.
    const bids = (first.bid ?? []).map((bid) => ({
      bid,
      type: mediaTypeOfImp(request.imp, bid.impid, ['native', 'audio', 'video'], 'banner') ?? 'banner',
    }));
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
