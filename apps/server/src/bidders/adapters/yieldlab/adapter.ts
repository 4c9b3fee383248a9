// Yieldlab adapter: one GET for all imps (the request is carried in the URI, see request.ts) with the
// page, user agent, IP and Yieldlab user id as headers; answers are read in bids.ts. Prices are in EUR.
import type { BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, OutgoingRequest } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { parseJson } from '../../helpers/parse-json.js';
import { allSlotParams, type SlotParams } from './params.js';
import { callUri } from './request.js';
import { bidsOf } from './bids.js';

const serverError = (message: string): BidderError => ({ code: ERROR_CODE.badServerResponse, message });

/** One slot id list (comma-joined) and the union of every imp's targeting (later imps win). */
function mergeParams(all: SlotParams[]): SlotParams {
  const targeting: Record<string, string> = {};
  for (const p of all) Object.assign(targeting, p.targeting);
  return { adslotId: all.map((p) => p.adslotId).join(','), supplyId: '', extId: '', targeting };
}

// Upstream adds these headers whenever the object they come from exists, even with empty values.
function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = { Accept: ['application/json'] };
  if (request.site) headers['Referer'] = [request.site.page ?? ''];
  if (request.device) {
    headers['User-Agent'] = [request.device.ua ?? ''];
    headers['X-Forwarded-For'] = [request.device.ip ?? ''];
  }
  if (request.user) headers['Cookie'] = [`id=${request.user.buyeruid ?? ''}`];
  return headers;
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    if (request.imp.length === 0) {
      return { value: [], errors: [{ code: 999, message: 'invalid request, no Impressions given' }] };
    }
    const target = callUri({ request, merged: mergeParams(allSlotParams(request)), ctx });
    if ('error' in target) return { value: [], errors: [{ code: 999, message: target.error }] };
    const call: OutgoingRequest = {
      method: 'GET',
      uri: target.uri,
      headers: headersOf(request),
      impIds: request.imp.map((i) => i.id),
    };
    return { value: [call], errors: [] };
  },
  makeBids(request, call, ctx) {
    if (call.response.status !== 200) {
      const message = `failed to resolve bids from yieldlab response: Unexpected response code ${call.response.status}`;
      return { value: null, errors: [serverError(message)] };
    }
    const parsed = parseJson<unknown>(call.response.body);
    const answer = parsed.ok ? parsed.value : undefined;
    if (!Array.isArray(answer)) {
      const why = parsed.ok
        ? `expect [ or n, but found ${call.response.body.trimStart().charAt(0)}`
        : parsed.error.message;
      return { value: null, errors: [serverError(`failed to parse bids response from yieldlab: ${why}`)] };
    }
    return bidsOf(request, answer, ctx);
  },
};
