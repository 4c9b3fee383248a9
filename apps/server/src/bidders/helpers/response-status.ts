// Standard handling of a bidder's HTTP status (adapter contract "Errors"): 204 → no bids, 400 → bad
// input, any other non-200 → bad server response, with the upstream wording clients already match on.
// Bidders word it slightly differently upstream; `StatusWording` carries those variations as data.
import type { BidderResponse, IncomingResponse, Result } from '../types.js';
import { ERROR_CODE } from '../types.js';

export interface StatusWording {
  /** `unexpected status code` instead of `Unexpected status code` (`'non400'`: except for 400). */
  lowercase?: boolean | 'non400';
  /** Ends the message with a period. */
  period?: boolean;
  /** Text inserted after the status of a 400 answer, e.g. `Bad request from publisher.` */
  badRequestNote?: string;
  /** Replaces the ` Run with request.debug = 1 for more info` tail (`''` drops it). */
  tail?: string;
  /** Whole messages replacing the standard one, `{status}` standing for the code (e.g. GumGum's). */
  template?: { badRequest?: string; other?: string };
  /** A 400 is a bad server response too (bidders that do not single out bad requests). */
  badRequestIsServerError?: boolean;
}

/** The wording of bidders that call a 400 a publisher's bad request. */
export const PUBLISHER_BAD_REQUEST: StatusWording = {
  period: true,
  badRequestNote: 'Bad request from publisher.',
};

/** The upstream-worded message for an unexpected `status`. */
export function statusMessage(status: number, wording: StatusWording = {}): string {
  const template = status === 400 ? wording.template?.badRequest : wording.template?.other;
  if (template) return template.replace('{status}', String(status));
  const lower = wording.lowercase === true || (wording.lowercase === 'non400' && status !== 400);
  const head = `${lower ? 'u' : 'U'}nexpected status code: ${status}.`;
  const note = status === 400 && wording.badRequestNote ? ` ${wording.badRequestNote}` : '';
  const tail = wording.tail ?? ' Run with request.debug = 1 for more info';
  return `${head}${note}${tail}${wording.period && tail ? '.' : ''}`;
}

/** `undefined` when the response is a 200 the adapter should parse; otherwise the result to return. */
export function stopOnStatus(
  response: IncomingResponse,
  wording?: StatusWording,
): Result<BidderResponse | null> | undefined {
  const { status } = response;
  if (status === 200) return undefined;
  if (status === 204) return { value: null, errors: [] };
  const badInput = status === 400 && !wording?.badRequestIsServerError;
  const code = badInput ? ERROR_CODE.badInput : ERROR_CODE.badServerResponse;
  return { value: null, errors: [{ code, message: statusMessage(status, wording) }] };
}
