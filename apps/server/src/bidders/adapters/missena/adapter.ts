// Missena: one call for the first imp whose params can be read (see request.ts); the answer is a
// single banner ad, returned as a bid on the request's first imp.
import type { Bid } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { asObject, parseJsonObject } from '../../helpers/parse-json.js';
import { PUBLISHER_BAD_REQUEST, stopOnStatus } from '../../helpers/response-status.js';
import { missenaCall } from './request.js';

interface MissenaAnswer {
  ad?: unknown;
  cpm?: unknown;
  currency?: unknown;
  requestId?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const errors: BidderError[] = [];
    for (const imp of request.imp) {
      const ext = asObject(imp.ext);
      if (!ext.ok) {
        const message = `Error parsing bidderExt object: ${ext.error.message}, input: ${JSON.stringify(imp.ext) ?? ''}`;
        errors.push({ code: ERROR_CODE.badInput, message });
        continue;
      }
      const bidder = asObject(ext.value.bidder ?? {});
      if (!bidder.ok) {
        errors.push({ code: ERROR_CODE.badInput, message: 'Error parsing missenaExt parameters' });
        continue;
      }
      const params = bidder.value;
      let call: OutgoingRequest;
      try {
        call = missenaCall(imp, params, request, ctx);
      } catch (err) {
        errors.push({ code: ERROR_CODE.badInput, message: (err as Error).message });
        continue;
      }
      return { value: [call], errors };
    }
    return { value: [], errors };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response, PUBLISHER_BAD_REQUEST);
    if (stop) return stop;
    const parsed = parseJsonObject<MissenaAnswer>(call.response.body);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const answer = parsed.value;
    const bid: Bid = {
      id: request.id,
      impid: request.imp[0]?.id ?? '',
      price: typeof answer.cpm === 'number' ? answer.cpm : 0,
    };
    if (text(answer.ad)) bid.adm = text(answer.ad);
    if (text(answer.requestId)) bid.crid = text(answer.requestId);
    const currency = text(answer.currency) || undefined;
    return { value: { currency, bids: [{ bid, type: 'banner' }] }, errors: [] };
  },
};
