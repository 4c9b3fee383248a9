// Standard handling of a bidder's HTTP status (adapter contract "Errors"): 204 → no bids, 400 → bad
// input, any other non-200 → bad server response, with the upstream wording clients already match on.
import type { BidderResponse, IncomingResponse, Result } from '../types.js';
import { ERROR_CODE } from '../types.js';

/** `undefined` when the response is a 200 the adapter should parse; otherwise the result to return. */
export function stopOnStatus(response: IncomingResponse): Result<BidderResponse | null> | undefined {
  const { status } = response;
  if (status === 200) return undefined;
  if (status === 204) return { value: null, errors: [] };
  const message = `Unexpected status code: ${status}. Run with request.debug = 1 for more info`;
  const code = status === 400 ? ERROR_CODE.badInput : ERROR_CODE.badServerResponse;
  return { value: null, errors: [{ code, message }] };
}
