// TheMediaGrid adapter: one call for the imps with a `uid`; keywords consolidated into the request ext
// (keywords.ts), the ad server slot copied to `imp.ext.gpid`, native requests sent parsed as
// `request_native`; bids are typed by Grid's `content_type` or the imp, native markup may come as an
// object (`adm_native`), and the demand source is the bid's network name.
import type { Bid, BidRequest, BidResponse, Imp, Native } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { mapImps, withImpParams } from '../../helpers/imp-requests.js';
import { postJson } from '../../helpers/json-request.js';
import { inputError, serverError } from '../../helpers/bid-response.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { normalizeOrtb } from '../../helpers/ortb-normalize.js';
import { extWithKeywords } from './keywords.js';
import { omitKeys, withProps } from '@gavel/common';

const TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];
/** The imp ext fields Grid keeps when it rewrites the ext for the gpid. */
const EXT_FIELDS = ['prebid', 'bidder', 'gpid', 'skadn', 'context'] as const;

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type ImpData = { pbadslot?: unknown; adserver?: { name?: unknown; adslot?: unknown } | null } | undefined;

/** `imp.ext` with `gpid` set from the ad server slot, reduced to the fields Grid reads. */
function extWithGpid(ext: Record<string, unknown>, slot: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of EXT_FIELDS) if (ext[key] !== undefined && ext[key] !== null) out[key] = ext[key];
  const data = ext.data as ImpData;
  const adserver = { name: typeof data?.adserver?.name === 'string' ? data.adserver.name : '', adslot: slot };
  const pbadslot = typeof data?.pbadslot === 'string' && data.pbadslot ? data.pbadslot : undefined;
  out.data = pbadslot ? { pbadslot, adserver } : { adserver };
  out.gpid = slot;
  return out;
}

/** A native object with its request text replaced by the parsed `request_native`. */
function gridNative(native: Readonly<Native>): Native {
  if (typeof native.request !== 'string') return native;
  return withProps(omitKeys(native, ['request']), { request_native: parseOrKeep(native.request) });
}

const mapImp = withImpParams((imp, { ext, bidder }): Imp | BidderError => {
  if (typeof bidder.uid !== 'number' || bidder.uid === 0) return inputError('uid is empty');
  const slot = (ext.data as ImpData)?.adserver?.adslot;
  const out: Imp = withProps(imp, {});
  if (typeof slot === 'string' && slot) out.ext = extWithGpid(ext, slot);
  if (imp.native) out.native = gridNative(imp.native);
  return out;
});

/** Grid's `content_type`, else the imp's banner, video or native; otherwise the answer is unusable. */
function bidType(
  raw: Record<string, unknown>,
  impid: string,
  request: Readonly<BidRequest>,
): MediaType | BidderError {
  const stated = TYPES.find((t) => t === raw.content_type);
  if (stated) return stated;
  const imp = request.imp.find((i) => i.id === impid);
  if (!imp) return serverError(`Failed to find impression for ID: "${impid}"`);
  if (imp.banner) return 'banner';
  if (imp.video) return 'video';
  if (imp.native) return 'native';
  return serverError(`Unknown impression type for ID: "${impid}"`);
}

function networkName(bid: Readonly<Bid>): Record<string, unknown> | undefined {
  const grid = (bid.ext?.bidder as { grid?: { demandSource?: unknown } } | undefined)?.grid;
  const source = grid?.demandSource;
  return typeof source === 'string' && source ? { networkName: source } : undefined;
}

function typedBid(raw: Record<string, unknown>, request: Readonly<BidRequest>): TypedBid | BidderError {
  const bid = normalizeOrtb<Bid>(raw, 'Bid');
  const type = bidType(raw, bid.impid, request);
  if (typeof type !== 'string') return type;
  if (!bid.adm && raw.adm_native !== undefined && raw.adm_native !== null)
    bid.adm = JSON.stringify(raw.adm_native);
  const meta = networkName(bid);
  return meta ? { bid, type, meta } : { bid, type };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const { imps, errors } = mapImps(request, mapImp);
    if (imps.length === 0)
      return { value: [], errors: [...errors, inputError('No valid impressions for grid')] };
    // Keywords come from the request's first imp, whether or not Grid accepted it.
    const keywords = (request.imp[0]?.ext?.bidder as { keywords?: unknown } | undefined)?.keywords;
    const ext = extWithKeywords(request, keywords);
    const body = withProps(omitKeys(request, ['ext']), { imp: imps }, ext ? { ext } : {});
    const headers = { 'Content-Type': ['application/json;charset=utf-8'] };
    return { value: [postJson(ctx.endpoint, body, headers)], errors };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    // Decoded raw: Grid's own bid fields (content_type, adm_native) are not OpenRTB.
    const parsed = parseJsonObject<BidResponse>(call.response.body);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const seatbid of parsed.value.seatbid ?? []) {
      for (const raw of seatbid.bid ?? []) {
        const typed = typedBid(raw, request);
        if ('code' in typed) return { value: null, errors: [typed] };
        bids.push(typed);
      }
    }
    return { value: { currency: 'USD', bids }, errors: [] };
  },
};
