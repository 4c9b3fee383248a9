// OpenX: banner and native imps in one call, each video imp (without banner) in its own; imps with
// none of those formats are not sent. `unit` → tagid, custom floor and params into the imp, delivery
// domain/platform of the group's last imp into `ext`; bids typed by mtype or imp, with video facts
// and OpenX's network/advertiser/brand ids; protected-audience configs are returned with the bids.
import type { Bid, BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType, OutgoingRequest, Result } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { videoInfoOf } from '../../helpers/video-info.js';
import { omitKeys, withProps } from '@gavel/common';

const HB_VERSION = 'hb_pbs_1.0.0';
const BY_MTYPE: Readonly<Record<number, MediaType>> = { 1: 'banner', 2: 'video', 4: 'native' };

interface MappedImp {
  imp: Imp;
  delDomain: unknown;
  platform: unknown;
}

function mapImp(imp: Readonly<Imp>): MappedImp | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const { bidder: params, ext } = read.parts;
  const rest = omitKeys(ext, ['bidder', 'prebid']);
  const impExt = params.customParams ? withProps(rest, { customParams: params.customParams }) : rest;
  const out: Imp = Object.keys(impExt).length > 0 ? withProps(imp, { ext: impExt }) : omitKeys(imp, ['ext']);
  const unit = typeof params.unit === 'string' || typeof params.unit === 'number' ? String(params.unit) : '';
  if (unit) out.tagid = unit;
  else delete out.tagid;
  const floor = Number(params.customFloor ?? 0);
  if (!imp.bidfloor && floor > 0) out.bidfloor = floor;
  if (imp.video) {
    // OpenX reads only the rewarded flag from the video ext.
    out.video =
      imp.rwdd === 1 ? withProps(imp.video, { ext: { rewarded: 1 } }) : omitKeys(imp.video, ['ext']);
  }
  return { imp: out, delDomain: params.delDomain, platform: params.platform };
}

/** One call for a group of imps; the request ext carries the last accepted imp's domain and platform. */
function groupCall(
  request: Readonly<BidRequest>,
  group: readonly Imp[],
  uri: string,
): Result<OutgoingRequest[]> {
  const imps: Imp[] = [];
  const errors: BidderError[] = [];
  const ext: Record<string, unknown> = { bc: HB_VERSION };
  for (const imp of group) {
    const mapped = mapImp(imp);
    if (isBidderError(mapped)) {
      errors.push(mapped);
      continue;
    }
    imps.push(mapped.imp);
    ext.delDomain = typeof mapped.delDomain === 'string' && mapped.delDomain ? mapped.delDomain : undefined;
    ext.platform = typeof mapped.platform === 'string' && mapped.platform ? mapped.platform : undefined;
  }
  const value = imps.length ? [postJson(uri, withProps(request, { imp: imps, ext }))] : [];
  return { value, errors };
}

function buildRequests(request: Readonly<BidRequest>, uri: string): Result<OutgoingRequest[]> {
  const bannerNative = request.imp.filter((i) => i.banner || (!i.video && i.native));
  const video = request.imp.filter((i) => !i.banner && i.video);
  const results = [groupCall(request, bannerNative, uri), ...video.map((i) => groupCall(request, [i], uri))];
  return { value: results.flatMap((r) => r.value), errors: results.flatMap((r) => r.errors) };
}

/** `bid.mtype` (banner, video, native), else the imp: banner unless it offers only video or native. */
function bidType(bid: Bid, request: Readonly<BidRequest>): MediaType {
  const byMtype = typeof bid.mtype === 'number' ? BY_MTYPE[bid.mtype] : undefined;
  if (byMtype) return byMtype;
  const imp = request.imp.find((i) => i.id === bid.impid);
  if (!imp || imp.banner) return 'banner';
  return imp.video ? 'video' : imp.native ? 'native' : 'banner';
}

/** A positive integer from OpenX's numeric-string ext ids, else 0. */
function idOf(value: unknown): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : 0;
  return n > 0 ? n : 0;
}

function metaOf(bid: Bid): Record<string, unknown> | undefined {
  const ext = bid.ext ?? {};
  const networkId = idOf(ext.dsp_id);
  const advertiserId = idOf(ext.buyer_id);
  const brandId = idOf(ext.brand_id);
  if (!networkId && !advertiserId && !brandId) return undefined;
  return { networkId, advertiserId, brandId };
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => buildRequests(request, ctx.endpoint),
  bidType,
  decorate: (typed) => {
    const meta = metaOf(typed.bid);
    return withProps(typed, { video: videoInfoOf(typed.bid) }, meta ? { meta } : {});
  },
  finish: (result, response, ctx) => {
    const configs = response.ext?.fledge_auction_configs;
    if (typeof configs !== 'object' || configs === null || Array.isArray(configs)) return result;
    const fledge = Object.entries(configs as Record<string, unknown>).map(([impid, config]) => ({
      impid,
      bidder: ctx.bidder,
      config,
    }));
    return fledge.length ? withProps(result, { fledgeAuctionConfigs: fledge }) : result;
  },
});
