// AppNexus (Microsoft): imps rewritten in imp.ts and sent in calls of at most 10, with the member
// id in the query and the supply chain in `ext.schain`; bids are typed by `ext.appnexus.bid_ad_type`
// and get their IAB category from AppNexus' brand category id.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type {
  Adapter,
  AdapterContext,
  BidderError,
  MediaType,
  OutgoingRequest,
  Result,
} from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { mapImp } from './imp.js';
import { CATEGORY_BY_BRAND } from './categories.js';
import { withProps } from '@gavel/common';

const MAX_IMPS_PER_CALL = 10;
const DEFAULT_PLATFORM_ID = 5;
const AD_TYPES: Readonly<Record<number, MediaType>> = { 0: 'banner', 1: 'video', 3: 'native' };

interface AppnexusBidExt {
  bid_ad_type?: number;
  brand_category_id?: number;
  deal_priority?: number;
  creative_info?: { video?: { duration?: number } };
}

/** The header-bidding source: the host's numeric platform id, else AppNexus' default. */
function hbSource(ctx: AdapterContext): number {
  const id = ctx.platformId ? Number.parseInt(ctx.platformId, 10) : NaN;
  return Number.isInteger(id) && /^[+-]?\d+$/.test(ctx.platformId ?? '') ? id : DEFAULT_PLATFORM_ID;
}

/** `ext.appnexus` as sent: the known fields of the request's own, brand categories, `hb_source`. */
function appnexusExt(request: Readonly<BidRequest>, ctx: AdapterContext): Record<string, unknown> {
  const own = (request.ext?.appnexus ?? {}) as Record<string, unknown>;
  const targeting = (request.ext?.prebid as { targeting?: { includebrandcategory?: unknown } } | undefined)
    ?.targeting;
  const category = targeting?.includebrandcategory;
  const brandCategory = typeof category === 'object' && category !== null && !Array.isArray(category);
  return {
    include_brand_category: brandCategory ? true : (own.include_brand_category ?? undefined),
    brand_category_uniqueness: brandCategory ? true : (own.brand_category_uniqueness ?? undefined),
    is_amp: ctx.entryPoint === 'amp' ? 1 : undefined,
    // Calls from the video endpoint report the next header-bidding source.
    hb_source: hbSource(ctx) + (ctx.entryPoint === 'video' ? 1 : 0),
    adpod_id: own.adpod_id || undefined,
  };
}

/** Request-level changes: `ext.appnexus`, and the supply chain moved from `source.ext` to `ext`. */
function shapeRequest(request: Readonly<BidRequest>, ctx: AdapterContext): BidRequest {
  const ext: Record<string, unknown> = withProps(request.ext, { appnexus: appnexusExt(request, ctx) });
  const out: BidRequest = withProps(request, { ext });
  const sourceExt = request.source?.ext;
  if (sourceExt?.schain !== undefined) {
    const { schain, ...rest } = sourceExt;
    ext.schain = schain;
    out.source = withProps(request.source, { ext: Object.keys(rest).length ? rest : undefined });
  }
  return out;
}

interface Collected {
  imps: Imp[];
  member: string;
  errors: BidderError[];
  fatal: boolean;
  /** The imps' common `generate_ad_pod_id`. */
  adPod: boolean;
}

/** Maps every imp; a member or ad-pod option differing between imps stops the whole request. */
function collectImps(request: Readonly<BidRequest>): Collected {
  const out: Collected = { imps: [], member: '', errors: [], fatal: false, adPod: false };
  let adPod: boolean | undefined;
  for (const imp of request.imp) {
    const mapped = mapImp(imp, request);
    if (isBidderError(mapped)) {
      out.errors.push(mapped);
      continue;
    }
    if (mapped.member && out.member && mapped.member !== out.member) {
      const message = `all request.imp[i].ext.prebid.bidder.appnexus.member params must match. Request contained member IDs ${out.member} and ${mapped.member}`;
      out.errors.push({ code: 2, message });
      return withProps(out, { fatal: true });
    }
    if (mapped.member) out.member = mapped.member;
    if (adPod !== undefined && adPod !== mapped.adPod) {
      out.errors.push({ code: 2, message: 'generate ad pod option should be same for all pods in request' });
      return withProps(out, { fatal: true });
    }
    adPod = mapped.adPod;
    out.adPod = adPod;
    out.imps.push(mapped.imp);
  }
  return out;
}

/** A fresh ad-pod id (a random non-negative 63-bit integer), or the one pinned for tests. */
function newAdPodId(ctx: AdapterContext): string {
  const pinned = ctx.fixedValues?.adPodId;
  if (pinned !== undefined) return pinned;
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(high & 0x7fffffff) << 32n) | BigInt(low)).toString();
}

/** Imps grouped by ad pod: the part of the imp id before the first `_`. */
function podsOf(imps: readonly Imp[]): Imp[][] {
  const pods = new Map<string, Imp[]>();
  for (const imp of imps) {
    const pod = imp.id.split('_')[0] ?? '';
    pods.set(pod, [...(pods.get(pod) ?? []), imp]);
  }
  return [...pods.values()];
}

/** Calls of at most 10 imps each. */
function chunked(uri: string, shaped: BidRequest, imps: readonly Imp[]): OutgoingRequest[] {
  const out: OutgoingRequest[] = [];
  for (let i = 0; i < imps.length; i += MAX_IMPS_PER_CALL)
    out.push(postJson(uri, withProps(shaped, { imp: imps.slice(i, i + MAX_IMPS_PER_CALL) })));
  return out;
}

function buildRequests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const { imps, member, errors, fatal, adPod } = collectImps(request);
  if (fatal || imps.length === 0) return { value: [], errors };
  const uri = member ? withQuery(ctx.endpoint, 'member_id', member) : ctx.endpoint;
  const shaped = shapeRequest(request, ctx);
  if (ctx.entryPoint !== 'video' || !adPod) return { value: chunked(uri, shaped, imps), errors };
  // Long-form video: every pod gets its own id, shared by all of the pod's calls.
  const value = podsOf(imps).flatMap((pod) => {
    const ext = shaped.ext as Record<string, unknown>;
    const appnexus = withProps(ext.appnexus as object, { adpod_id: newAdPodId(ctx) });
    return chunked(uri, withProps(shaped, { ext: withProps(ext, { appnexus }) }), pod);
  });
  return { value, errors };
}

/** `uri` with `key=value` set in its query (keys sorted, as Go's url.Values encodes them). */
function withQuery(uri: string, key: string, value: string): string {
  const url = new URL(uri);
  url.searchParams.set(key, value);
  url.searchParams.sort();
  return url.toString();
}

export const adapter: Adapter = createOrtbAdapter({
  requests: buildRequests,
  bidType: (bid) => {
    // A bid without an ext cannot be read at all; an ext without `appnexus` is a banner (ad type 0).
    if (bid.ext === undefined) return { code: 3, message: notAnObjectMessage(bid.ext) };
    const adType = (bid.ext?.appnexus as AppnexusBidExt | undefined)?.bid_ad_type ?? 0;
    return (
      AD_TYPES[adType] ?? {
        code: 3,
        message: `Unrecognized bid_ad_type in response from appnexus: ${adType}`,
      }
    );
  },
  decorate: (typed) => {
    const ext = (typed.bid.ext?.appnexus ?? {}) as AppnexusBidExt;
    const category = CATEGORY_BY_BRAND[ext.brand_category_id ?? 0];
    // An unknown brand with several categories gets none, so that category-exclusive auctions drop it.
    const cat = category ? [category] : (typed.bid.cat?.length ?? 0) > 1 ? [] : undefined;
    const bid = cat ? withProps(typed.bid, { cat }) : typed.bid;
    const video =
      typed.type === 'video'
        ? { duration: ext.creative_info?.video?.duration ?? 0, primary_category: category ?? '' }
        : undefined;
    const dealPriority = ext.deal_priority ? { dealPriority: ext.deal_priority } : {};
    return withProps(typed, { bid, ...(video ? { video } : {}), ...dealPriority });
  },
});
