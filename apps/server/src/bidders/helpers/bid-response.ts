// Walking an OpenRTB bid response: parse the body, then visit each bid with its seat.
import type { Bid, BidResponse } from '../../openrtb/types.js';
import type { BidderError, CompletedCall } from '../types.js';
import { parseJsonObject, type Parsed } from './parse-json.js';
import { normalizeOrtb } from './ortb-normalize.js';

/**
 * The response body of a completed 200 call as an OpenRTB bid response, decoded as upstream's typed
 * decoder does (case-insensitive keys, unknown keys dropped) so bids carry only OpenRTB fields.
 */
export function parseBidResponse(call: CompletedCall): Parsed<BidResponse> {
  const parsed = parseJsonObject<BidResponse>(call.response.body);
  return parsed.ok ? { ok: true, value: normalizeOrtb<BidResponse>(parsed.value, 'BidResponse') } : parsed;
}

/** Every bid of every seatbid, with its seat (missing arrays count as empty). */
export function allBids(response: Readonly<BidResponse>): { bid: Bid; seat: string | undefined }[] {
  const out: { bid: Bid; seat: string | undefined }[] = [];
  for (const seatbid of response.seatbid ?? []) {
    for (const bid of seatbid.bid ?? []) out.push({ bid, seat: seatbid.seat });
  }
  return out;
}

/** A bad-server-response error with `message`. */
export function serverError(message: string): BidderError {
  return { code: 3, message };
}

/** A bad-input error with `message`. */
export function inputError(message: string): BidderError {
  return { code: 2, message };
}
