// Beachfront answers: an OpenRTB response (video: the first seat's bids; ids `<imp>AdmVideo`, or for
// nurl calls `<imp>NurlVideo` with imp, sizes and creative id taken from the call) or, failing that,
// Beachfront's own banner slot list (ids `<slot>Banner`). The media type follows the call's endpoint;
// a bid's `ext.duration` gives its video facts. Prices are in USD.
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { BidderError, BidderResponse, CompletedCall, MediaType, Result, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { parseJson } from '../../helpers/parse-json.js';
import { normalizeOrtb } from '../../helpers/ortb-normalize.js';
import { omitKeys, withProps } from '@gavel/common';

export const NURL_SUFFIX = '&prebidserver';
const UNREADABLE =
  'server response failed to unmarshal as valid rtb. Run with request.debug = 1 for more info';

type Json = Record<string, unknown>;

function statusError(call: CompletedCall): BidderError | undefined {
  const { status } = call.response;
  const tail = `from ${call.request.uri}. Run with request.debug = 1 for more info`;
  if (status >= 500) return serverError(`server error status code ${status} ${tail}`);
  if (status >= 400) return inputError(`request error status code ${status} ${tail}`);
  if (status !== 200)
    return { code: ERROR_CODE.unknown, message: `unexpected status code ${status} ${tail}` };
  return undefined;
}

/** The creative id inside a nurl (`…:<crid>:…`), '' when it has none. */
function nurlCrid(nurl: string | undefined): string {
  const parts = (nurl ?? '').split(':');
  return parts.length > 2 ? (parts[2] ?? '') : '';
}

function bannerBids(slots: unknown[]): Bid[] {
  return slots.map((raw) => {
    const slot = (raw ?? {}) as Json;
    const id = typeof slot.slot === 'string' ? slot.slot : '';
    const bid: Bid = { id: `${id}Banner`, impid: id, price: typeof slot.price === 'number' ? slot.price : 0 };
    if (typeof slot.adm === 'string' && slot.adm !== '') bid.adm = slot.adm;
    if (typeof slot.crid === 'string' && slot.crid !== '') bid.crid = slot.crid;
    if (typeof slot.w === 'number' && slot.w !== 0) bid.w = slot.w;
    if (typeof slot.h === 'number' && slot.h !== 0) bid.h = slot.h;
    return bid;
  });
}

function videoBids(bids: Bid[], call: CompletedCall): Bid[] {
  if (!call.request.uri.endsWith(NURL_SUFFIX))
    return bids.map((b) => withProps(b, { id: `${b.impid}AdmVideo` }));
  const sent = parseJson<BidRequest>(call.request.body ?? '{}');
  const imps = sent.ok && Array.isArray(sent.value.imp) ? sent.value.imp : [];
  return bids.flatMap((b, i) => {
    const imp = imps[i];
    if (!imp) return [];
    const crid = nurlCrid(b.nurl);
    const bid: Bid = withProps(omitKeys(b, ['w', 'h', 'crid']), { id: `${imp.id}NurlVideo`, impid: imp.id });
    if (crid !== '') bid.crid = crid;
    if (imp.video?.w) bid.w = imp.video.w;
    if (imp.video?.h) bid.h = imp.video.h;
    return [bid];
  });
}

/** The bids of the answer, or the error when it is neither format. */
function bidsOf(call: CompletedCall): Bid[] | BidderError {
  const parsed = parseJson<unknown>(call.response.body);
  if (!parsed.ok) return serverError(UNREADABLE);
  const value = parsed.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const response = normalizeOrtb<{ seatbid?: { bid?: Bid[] }[] }>(value, 'BidResponse');
    const first = response.seatbid?.[0];
    if (first) return videoBids(first.bid ?? [], call);
  }
  if (value === null) return [];
  return Array.isArray(value) ? bannerBids(value) : serverError(UNREADABLE);
}

/** A bid ext's duration: a number, `'keep'` when it names none, `'error'` when it can't be read. */
function durationOf(ext: unknown): number | 'keep' | 'error' {
  if (ext === undefined) return 'error';
  if (ext === null) return 'keep';
  if (typeof ext !== 'object' || Array.isArray(ext)) return 'error';
  const duration = (ext as Json).duration;
  if (duration === undefined || duration === null) return 'keep';
  return typeof duration === 'number' && Number.isInteger(duration) ? duration : 'error';
}

export function makeBids(call: CompletedCall, videoEndpoint: string): Result<BidderResponse | null> {
  if (call.response.status === 204) return { value: null, errors: [] };
  const status = statusError(call);
  if (status) return { value: null, errors: [status] };
  const bids = bidsOf(call);
  if (!Array.isArray(bids)) return { value: null, errors: [bids] };
  const type: MediaType = call.request.uri.split('=')[0] === videoEndpoint ? 'video' : 'banner';
  // Upstream decodes every bid's ext into one shared value: a duration carries over to later bids.
  let duration = 0;
  const typed = bids.map((bid): TypedBid => {
    const read = durationOf(bid.ext);
    if (read === 'error') return { bid, type };
    if (read !== 'keep') duration = read;
    if (duration <= 0) return { bid, type };
    return { bid, type, video: { duration, primary_category: bid.cat?.[0] ?? '' } };
  });
  return { value: { currency: 'USD', bids: typed }, errors: [] };
}
