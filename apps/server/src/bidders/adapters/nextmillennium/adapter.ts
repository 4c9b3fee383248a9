// NextMillennium adapter: one call per imp's params. Each call carries the request with its ext replaced
// by the stored request to run (the placement id, or `g<group>;<size>;<domain>` for a placement group),
// the host facts and the NextMillennium settings; the first imp's ext names the same stored request.
// Bids are typed by `mtype` (banner or video only).
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, TypedBid } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { postJson } from '../../helpers/json-request.js';
import { allBids, parseBidResponse } from '../../helpers/bid-response.js';
import { withProps } from '@gavel/common';

const ADAPTER_VERSION = 'v1.0.1';

interface Params {
  placementId: string;
  groupId: string;
  adSlots?: string[];
  allowedAds?: string[];
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.length > 0 ? (v as string[]) : undefined;

function readParams(imp: Readonly<Imp>): Params | BidderError {
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const p = read.parts.bidder;
  return {
    placementId: text(paramIgnoringCase(p, 'placement_id')),
    groupId: text(paramIgnoringCase(p, 'group_id')),
    adSlots: list(paramIgnoringCase(p, 'adSlots')),
    allowedAds: list(paramIgnoringCase(p, 'allowedAds')),
  };
}

/** `nmmFlags` of the host's extra info (`{"nmmFlags": [...]}`, as JSON text or an object). */
function flagsOf(extraInfo: unknown): string[] | undefined {
  let info = extraInfo;
  if (typeof info === 'string' && info !== '') {
    try {
      info = JSON.parse(info) as unknown;
    } catch {
      return undefined;
    }
  }
  return list((info as { nmmFlags?: unknown } | undefined)?.nmmFlags);
}

function storedRequestId(request: Readonly<BidRequest>, params: Params): string {
  if (params.groupId === '') return params.placementId;
  const domain = request.app ? text(request.app.domain) : text(request.site?.domain);
  const banner = request.imp[0]?.banner;
  const first = banner?.format?.[0];
  let size = '';
  if (first) size = `${first.w ?? 0}x${first.h ?? 0}`;
  else if (banner?.w !== undefined && banner.h !== undefined) size = `${banner.w}x${banner.h}`;
  return `g${params.groupId};${size};${domain}`;
}

/** JSON object without the keys whose value is undefined. */
function compact(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined && v !== ''));
}

function buildCall(request: Readonly<BidRequest>, params: Params, ctx: AdapterContext): OutgoingRequest {
  const storedrequest = { id: storedRequestId(request, params) };
  const flags = flagsOf(ctx.extraInfo);
  const impExt = { prebid: { storedrequest }, nextMillennium: compact({ nmmFlags: flags }) };
  const server = {
    externalurl: ctx.server.externalUrl,
    gvlid: ctx.server.gvlId,
    datacenter: ctx.server.dataCenter,
  };
  const ext = {
    prebid: { storedrequest, server },
    nextMillennium: compact({
      nmmFlags: flags,
      adSlots: params.adSlots,
      allowedAds: params.allowedAds,
      server_version: ctx.version,
      nm_version: ADAPTER_VERSION,
    }),
  };
  const imps = request.imp.map((imp, i) => (i === 0 ? withProps(imp, { ext: impExt }) : imp));
  const headers = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
    'X-Openrtb-Version': ['2.5'],
  };
  return postJson(ctx.endpoint, withProps(request, { imp: imps, ext }), headers);
}

export const adapter: Adapter = {
  makeRequests(request, ctx) {
    const all = request.imp.map(readParams);
    const errors = all.filter((p): p is BidderError => 'code' in p);
    if (errors.length > 0) return { value: [], errors };
    return { value: (all as Params[]).map((params) => buildCall(request, params, ctx)), errors: [] };
  },
  makeBids(_request, call) {
    const { status } = call.response;
    if (status === 204) return { value: null, errors: [] };
    if (status !== 200) {
      const message = `Unexpected http status code: ${status}`;
      return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
    }
    const parsed = parseBidResponse(call);
    if (!parsed.ok) {
      // Upstream formats the decode error with a numeric verb, hence the `%!d(string=…)` wrapping.
      const message = `Bad server response: %!d(string=${parsed.error.message})`;
      return { value: null, errors: [{ code: ERROR_CODE.badServerResponse, message }] };
    }
    if (!parsed.value.seatbid?.length) return { value: null, errors: [] };
    const bids: TypedBid[] = [];
    const errors: BidderError[] = [];
    for (const { bid } of allBids(parsed.value)) {
      if (bid.mtype === 1 || bid.mtype === 2) bids.push({ bid, type: bid.mtype === 1 ? 'banner' : 'video' });
      else
        errors.push({
          code: ERROR_CODE.badServerResponse,
          message: `Unsupported return mType: ${bid.mtype ?? 0}`,
        });
    }
    return { value: { bids }, errors };
  },
};
