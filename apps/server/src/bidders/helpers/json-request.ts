// Building the usual outgoing call: a JSON POST of a (copied) bid request for a set of imps.
import type { BidRequest } from '../../openrtb/types.js';
import type { OutgoingRequest } from '../types.js';
import { bodyJson } from './shared-json.js';

/** Default headers of an OpenRTB POST, as most bidders expect them. */
export function jsonHeaders(): Record<string, string[]> {
  return { 'Content-Type': ['application/json;charset=utf-8'], Accept: ['application/json'] };
}

/** A POST of `body` to `uri`, bidding on the imps of `body`. */
export function postJson(
  uri: string,
  body: Readonly<BidRequest>,
  headers: Record<string, string[]> = jsonHeaders(),
): OutgoingRequest {
  return { method: 'POST', uri, body: bodyJson(body), headers, impIds: body.imp.map((i) => i.id) };
}
