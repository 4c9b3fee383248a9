// Sovrn adapter: one call for all imps; tag id → imp.tagid, params floor fills a missing imp floor,
// device facts and the Sovrn user id (ljt_reader cookie) travel as headers.
import type { Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { requestWithAllImps } from '../../helpers/imp-requests.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { addDeviceHeaders } from '../../helpers/device-headers.js';
import { inputError } from '../../helpers/bid-response.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { queryUnescape } from '../../helpers/query-unescape.js';
import { withProps } from '@gavel/common';

function floorOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function mapImp(imp: Readonly<Imp>): Imp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const params = read.parts.bidder;
  const tagid = (params.tagid ?? params.tagId) as string | undefined;
  if (!tagid) return inputError("Missing required parameter 'tagid'");
  const video = imp.video;
  if (video && !(video.mimes?.length && video.protocols?.length && video.maxduration && video.minduration)) {
    return inputError('Missing required video parameter');
  }
  const floor = floorOf(params.bidfloor);
  return !imp.bidfloor && floor > 0 ? withProps(imp, { tagid, bidfloor: floor }) : withProps(imp, { tagid });
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const headers: Record<string, string[]> = { 'Content-Type': ['application/json'] };
    addDeviceHeaders(headers, request);
    if (request.user?.buyeruid) headers['Cookie'] = [`ljt_reader=${request.user.buyeruid}`];
    return requestWithAllImps(request, { uri: ctx.endpoint, mapImp, headers });
  },
  bidType: (bid, request) => mediaTypeOfImp(request.imp, bid.impid, ['video'], 'banner') ?? 'banner',
  // Sovrn query-escapes its markup.
  decorate: (typed) => {
    const adm = typed.bid.adm === undefined ? null : queryUnescape(typed.bid.adm);
    return adm === null ? typed : withProps(typed, { bid: withProps(typed.bid, { adm }) });
  },
  defaultCurrency: 'USD',
});
