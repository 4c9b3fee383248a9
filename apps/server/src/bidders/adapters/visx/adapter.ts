// VIS.X adapter: the request goes out as it is (currency USD when it names none) with the user's IPs as
// X-Forwarded-For. The answer is VIS.X's own bid shape: each bid is rebuilt as an OpenRTB bid whose id is
// the request id, typed by its `ext.prebid.meta.mediaType` or else the imp (banner, then video); a bid
// that cannot be typed fails the whole answer.
import type { Bid, BidRequest } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { postJson } from '../../helpers/json-request.js';
import { stopOnStatus } from '../../helpers/response-status.js';
import { parseJsonObject } from '../../helpers/parse-json.js';
import { withProps } from '@gavel/common';

type Json = Record<string, unknown>;

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = { 'Content-Type': ['application/json;charset=utf-8'] };
  const ips = [request.device?.ip, request.device?.ipv6].filter((ip): ip is string => !!ip);
  if (ips.length > 0) headers['X-Forwarded-For'] = ips;
  return headers;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && v !== 0 ? v : undefined);

/** The OpenRTB bid for one VIS.X bid (only the fields VIS.X answers with). */
function toBid(raw: Json, requestId: string): Bid {
  const bid: Bid = { id: requestId, impid: typeof raw.impid === 'string' ? raw.impid : '', price: 0 };
  if (typeof raw.price === 'number') bid.price = raw.price;
  const optional: Partial<Bid> = {
    crid: str(raw.crid),
    adm: str(raw.adm),
    w: num(raw.w),
    h: num(raw.h),
    adomain: Array.isArray(raw.adomain) && raw.adomain.length > 0 ? (raw.adomain as string[]) : undefined,
    dealid: str(raw.dealid),
    ext: raw.ext && typeof raw.ext === 'object' ? (raw.ext as Json) : undefined,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (bid as unknown as Json)[key] = value;
  }
  return bid;
}

function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType | BidderError {
  const imp = request.imp.find((i) => i.id === bid.impid);
  if (!imp) {
    return {
      code: ERROR_CODE.badServerResponse,
      message: `Failed to find impression for ID: "${bid.impid}"`,
    };
  }
  const meta = (bid.ext?.prebid as { meta?: { mediaType?: unknown } } | undefined)?.meta;
  if (meta?.mediaType === 'banner' || meta?.mediaType === 'video') return meta.mediaType;
  if (imp.banner) return 'banner';
  if (imp.video) return 'video';
  return { code: ERROR_CODE.badServerResponse, message: `Unknown impression type for ID: "${bid.impid}"` };
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const body = request.cur?.length ? request : withProps(request, { cur: ['USD'] });
    return { value: [postJson(ctx.endpoint, body, headersOf(request))], errors: [] };
  },
  makeBids(request, call) {
    const stop = stopOnStatus(call.response);
    if (stop) return stop;
    const parsed = parseJsonObject<{ seatbid?: { bid?: Json[] }[]; cur?: string }>(call.response.body);
    if (!parsed.ok) return { value: null, errors: [parsed.error] };
    const bids: TypedBid[] = [];
    for (const seatbid of parsed.value.seatbid ?? []) {
      for (const raw of seatbid?.bid ?? []) {
        const bid = toBid(raw, request.id);
        const type = bidType(bid, request);
        if (typeof type !== 'string') return { value: null, errors: [type] };
        bids.push({ bid, type });
      }
    }
    return { value: { currency: parsed.value.cur || 'USD', bids }, errors: [] };
  },
};
