// TripleLift adapter: one call for all valid imps; inventory code → tagid, floors in USD, and the
// bid's media type read from `ext.triplelift_pb.format` (11, 12, 17 are video formats).
import type { Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, TypedBid } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { allBids, inputError, parseBidResponse } from '../../helpers/bid-response.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { asObject } from '../../helpers/parse-json.js';

const VIDEO_FORMATS = new Set([11, 12, 17]);

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
      if (!imp.banner && !imp.video) {
        errors.push(inputError('neither Banner nor Video object specified'));
        continue;
      }
      const params = read.parts.bidder;
      const tagid = typeof params.inventoryCode === 'string' ? params.inventoryCode : '';
      if (typeof params.floor === 'number') {
        imps.push({ ...imp, tagid, bidfloor: params.floor, bidfloorcur: 'USD' });
        continue;
      }
      const converted = floorIn(imp, 'USD', ctx);
      if ('error' in converted) errors.push(converted.error);
      else imps.push({ ...converted.imp, tagid });
    }
    if (imps.length === 0) {
      errors.push(inputError('No valid impressions for triplelift'));
      return { value: [], errors };
    }
    return { value: [postJson(ctx.endpoint, { ...request, imp: imps })], errors };
  },

  makeBids(_request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      // A bid without its TripleLift extension cannot be typed, so it is reported and dropped.
      const ext = asObject(bid.ext);
      if (!ext.ok) {
        errors.push({ code: 3, message: ext.error.message });
        continue;
      }
      const format = (ext.value.triplelift_pb as { format?: unknown } | undefined)?.format;
      bids.push({ bid, type: typeof format === 'number' && VIDEO_FORMATS.has(format) ? 'video' : 'banner' });
    }
    return { value: { currency: 'USD', bids }, errors };
  },
};
