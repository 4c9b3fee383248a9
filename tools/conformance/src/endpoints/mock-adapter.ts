// The upstream harness's *mock adapter* (README §2.4) as a BidderModule: one POST per imp carrying the
// whole bidder request; 200 answers become banner bids for known imp ids, in the response currency and,
// when the answer names one, the answer's seat. A bidder without a mock backend makes no calls.
import type { Adapter, BidderError, BidderInfo, BidderModule, MediaType, TypedBid } from '@gavel/server';
import type { BidderInfoOverride } from './fixture-file.js';

interface MockResponse {
  cur?: unknown;
  seatbid?: Array<{ seat?: unknown; bid?: Array<Record<string, unknown>> }>;
}

export const mockAdapter: Adapter = {
  makeRequests(request, ctx) {
    if (!ctx.endpoint) return { value: [], errors: [] };
    const body = JSON.stringify(request);
    return {
      value: request.imp.map((imp) => ({
        method: 'POST' as const,
        uri: ctx.endpoint,
        body,
        headers: { 'Content-Type': 'application/json;charset=utf-8', Accept: 'application/json' },
        impIds: [imp.id],
      })),
      errors: [],
    };
  },
  makeBids(request, call) {
    const status = call.response.status;
    if (status === 204) return { value: null, errors: [] };
    if (status === 400)
      return {
        value: null,
        errors: [
          {
            code: 2,
            message:
              'Unexpected status code: 400. Bad request from publisher. Run with request.debug = 1 for more info.',
          },
        ],
      };
    if (status !== 200)
      return {
        value: null,
        errors: [
          {
            code: 3,
            message: `Unexpected status code: ${status}. Run with request.debug = 1 for more info.`,
          },
        ],
      };
    let doc: MockResponse;
    try {
      doc = JSON.parse(call.response.body) as MockResponse;
    } catch (err) {
      const e: BidderError = { code: 3, message: `bad mock response: ${(err as Error).message}` };
      return { value: null, errors: [e] };
    }
    const impIds = new Set(request.imp.map((imp) => imp.id));
    const bids: TypedBid[] = [];
    for (const sb of doc.seatbid ?? []) {
      for (const bid of sb.bid ?? []) {
        if (typeof bid['impid'] !== 'string' || !impIds.has(bid['impid'])) continue;
        const typed: TypedBid = { bid: bid as unknown as TypedBid['bid'], type: 'banner' };
        if (typeof sb.seat === 'string' && sb.seat) typed.seat = sb.seat;
        bids.push(typed);
      }
    }
    return {
      value: { ...(typeof doc.cur === 'string' && doc.cur ? { currency: doc.cur } : {}), bids },
      errors: [],
    };
  },
};

export interface MockModuleOptions {
  code: string;
  /** Mock backend URL; '' → the bidder is known but has no backend. */
  endpoint: string;
  aliasOf?: string;
  enabled: boolean;
  /** JSON Schema of the params; `{}` accepts anything. */
  paramsSchema: Record<string, unknown>;
  /** Upstream `bidderInfoOverrides` of this bidder (README-additions §6). */
  override?: BidderInfoOverride;
}

const ALL_TYPES: MediaType[] = ['banner', 'video', 'audio', 'native'];

/** Upstream's override applied to the mock's info (version, multi-format, capabilities per platform). */
function overriddenInfo(info: BidderInfo, o: BidderInfoOverride | undefined): BidderInfo {
  if (!o) return info;
  const out: BidderInfo = { ...info };
  const version = o.openrtb?.version;
  if (version === '2.5' || version === '2.6') out.openrtbVersion = version;
  const multi = o.openrtb?.['multiformat-supported'];
  if (typeof multi === 'boolean') out.multiformatSupported = multi;
  if (o.capabilities) {
    const caps: BidderInfo['capabilities'] = { ...out.capabilities };
    for (const platform of ['site', 'app', 'dooh'] as const) {
      const p = o.capabilities[platform];
      if (p === undefined) continue;
      if (p === null) delete caps[platform];
      else
        caps[platform] = (p.mediaTypes ?? []).filter((t): t is MediaType =>
          ALL_TYPES.includes(t as MediaType),
        );
    }
    out.capabilities = caps;
  }
  return out;
}

export function createMockBidderModule(o: MockModuleOptions): BidderModule {
  return {
    code: o.code,
    info: overriddenInfo(
      {
        endpoint: o.endpoint,
        enabled: o.enabled,
        capabilities: {
          site: ['banner', 'video', 'audio', 'native'],
          app: ['banner', 'video', 'audio', 'native'],
        },
        ...(o.aliasOf ? { aliasOf: o.aliasOf } : {}),
      },
      o.override,
    ),
    paramsSchema: o.paramsSchema,
    adapter: mockAdapter,
  };
}
