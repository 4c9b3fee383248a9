// TheMediaGrid adapter: one call for the imps with a `uid`; keywords consolidated into the request ext
// (keywords.ts), the ad slot copied to `imp.ext.gpid`, native requests sent parsed; bids are typed by
// Grid's `content_type` or the imp, and native markup may come as an object (`adm_native`).
import type { Bid, BidResponse, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { mapImps, withImpParams } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { inputError } from '../../helpers/bid-response.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { normalizeOrtb } from '../../helpers/ortb-normalize.js';
import { mediaTypeOfImp } from '../../helpers/media-type.js';
import { extWithKeywords } from './keywords.js';
import { withProps } from '@gavel/common';

const TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const mapImp = withImpParams((imp, { ext, bidder }): Imp | BidderError => {
  if (typeof bidder.uid !== 'number' || bidder.uid === 0) return inputError('uid is empty');
  const out: Imp = { ...imp };
  const data = ext.data as { pbadslot?: unknown; adserver?: { adslot?: unknown } } | undefined;
  const slot = data?.adserver?.adslot || data?.pbadslot;
  if (typeof slot === 'string' && slot) out.ext = withProps(ext, { gpid: slot });
  // A native-only imp is sent with its request parsed (kept as text when it is not JSON).
  if (imp.native && !imp.banner && !imp.video) {
    const { ver, api, battr, request: text = '' } = imp.native;
    out.native = { ver, api, battr, request_native: parseOrKeep(text) };
  }
  return out;
});

function typedBid(raw: Record<string, unknown>, request: Parameters<Adapter['makeBids']>[0]): TypedBid {
  const bid = normalizeOrtb<Bid>(raw, 'Bid');
  if (!bid.adm && raw.adm_native !== undefined) bid.adm = JSON.stringify(raw.adm_native);
  const stated = TYPES.find((t) => t === raw.content_type);
  const type = stated ?? mediaTypeOfImp(request.imp, bid.impid, TYPES, 'banner') ?? 'banner';
  return { bid, type };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { imps, errors } = mapImps(request, mapImp);
    if (imps.length === 0)
      return { value: [], errors: [...errors, inputError('No valid impressions for grid')] };
    const keywords = (imps[0]?.ext?.bidder as { keywords?: unknown } | undefined)?.keywords;
    const ext = extWithKeywords(request, keywords);
    const { ext: _dropped, ...rest } = request;
    return {
      value: [postJson(ctx.endpoint, withProps(rest, { imp: imps, ...(ext ? { ext } : {}) }))],
      errors,
    };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    // Decoded raw: Grid's own bid fields (content_type, adm_native) are not OpenRTB.
    const parsed = parseJsonObject<BidResponse>(call.response.body);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids = (parsed.value.seatbid ?? []).flatMap((seatbid) =>
      (seatbid.bid ?? []).map((bid) => typedBid(bid as unknown as Record<string, unknown>, request)),
    );
    return { value: { currency: parsed.value.cur || 'USD', bids }, errors: [] };
  },
};
