// SmileWanted: the whole request in one first-price call to the endpoint followed by the first imp's
// zone; bids of the first seat are typed by their imp (video imps → video, anything else → banner).
import type { BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderResponse, CompletedCall, Result } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { parseBidResponse } from '../../helpers/bid-response.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { statusMessage } from '../../helpers/response-status.js';
import { withProps } from '@gavel/common';

/** The first imp's `zoneId` param, or '' when it has none. */
function zoneOf(request: Readonly<BidRequest>): string {
  const zone = (request.imp[0]?.ext?.bidder as { zoneId?: unknown } | undefined)?.zoneId;
  return typeof zone === 'string' ? zone : '';
}

/** Status handling in SmileWanted's wording; undefined for a 200 to read. */
function stopOnStatus(call: CompletedCall): Result<BidderResponse | null> | undefined {
  const { status } = call.response;
  if (status === 200) return undefined;
  if (status === 204) return { value: null, errors: [] };
  if (status === 400) {
    return { value: null, errors: [{ code: ERROR_CODE.badInput, message: 'Unexpected status code: 400.' }] };
  }
  const message = statusMessage(status, { period: true });
  return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const body: BidRequest = withProps(request, { at: 1 });
    const call = postJson(`${ctx.endpoint}${zoneOf(request)}`, body, {
      'Content-Type': ['application/json;charset=utf-8'],
      Accept: ['application/json'],
      'X-Openrtb-Version': ['2.5'],
      'Sw-Integration-Type': ['prebid_server'],
    });
    return { value: [call], errors: [] };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call);
    if (stop) return stop;
    const parsed = parseBidResponse(call);
    if (!parsed.ok) {
      const text = parsed.error.message.replace(/^Bad server response: /, '');
      const error = { code: ERROR_CODE.badServerResponse, message: `Bad server response: ${text}.` };
      return { value: null, errors: [error] };
    }
    const sent = parseJsonObject<BidRequest>(call.request.body ?? '');
    if (!sent.ok) return { value: null, errors: [sent.error] };
    const bids = (parsed.value.seatbid?.[0]?.bid ?? []).map((bid) => {
      const imp = request.imp.find((i) => i.id === bid.impid);
      return { bid, type: imp?.video ? ('video' as const) : ('banner' as const) };
    });
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
