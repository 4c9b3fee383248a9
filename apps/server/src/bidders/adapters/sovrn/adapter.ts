// Sovrn adapter: one call for all imps; tag id → imp.tagid, params floor fills a missing imp floor,
// device facts and the Sovrn user id (ljt_reader cookie) travel as headers.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { addDeviceHeaders } from '../../helpers/device-headers.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, inputError, parseBidResponse } from '../../helpers/bid-response.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { queryUnescape } from '../../helpers/query-unescape.js';

function floorOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function videoIsComplete(video: NonNullable<Imp['video']>): boolean {
  return Boolean(video.mimes?.length && video.protocols?.length && video.maxduration && video.minduration);
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    const imps: Imp[] = [];
    for (const imp of request.imp) {
      const read = readImpExt(imp);
      if ('error' in read) {
        errors.push(read.error);
        continue;
      }
      const params = read.parts.bidder;
      const tagid = (params.tagid ?? params.tagId) as string | undefined;
      if (!tagid) {
        errors.push(inputError("Missing required parameter 'tagid'"));
        continue;
      }
      if (imp.video && !videoIsComplete(imp.video)) {
        errors.push(inputError('Missing required video parameter'));
        continue;
      }
      const floor = floorOf(params.bidfloor);
      const copy: Imp = { ...imp, tagid };
      if (!imp.bidfloor && floor > 0) copy.bidfloor = floor;
      imps.push(copy);
    }
    if (imps.length === 0) return { value: [], errors };
    const headers = jsonHeaders();
    headers['Content-Type'] = ['application/json'];
    delete headers.Accept;
    addDeviceHeaders(headers, request);
    if (request.user?.buyeruid) headers['Cookie'] = [`ljt_reader=${request.user.buyeruid}`];
    const body: BidRequest = { ...request, imp: imps };
    return { value: [postJson(ctx.endpoint, body, headers)], errors };
  },

  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const { bid } of allBids(parsed.value)) {
      // Sovrn query-escapes its markup; unescapable markup is dropped like upstream does.
      const adm = bid.adm === undefined ? undefined : queryUnescape(bid.adm);
      if (adm === null) continue;
      const type = mediaTypeOfImp(request.imp, bid.impid, ['video'], 'banner') ?? 'banner';
      bids.push({ bid: adm === undefined ? bid : { ...bid, adm }, type });
    }
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
