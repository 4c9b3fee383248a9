// Beachfront adapter: banner imps (a first format with both sizes) in one call of Beachfront's own
// format (banner.ts); each video imp in its own OpenRTB call to the video endpoint, markup (adm) calls
// first, then nurl calls, whose body starts with `"isPrebid":true` (video.ts). Every call carries the
// device's user agent, language and DNT, and the buyer id as the `__io_cid` cookie. Answers: bids.ts.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { jsonHeaders } from '../../helpers/json-request.js';
import { inputError } from '../../helpers/bid-response.js';
import { extraInfoObject } from '../../helpers/extra-info.js';
import { bannerBody } from './banner.js';
import { videoCalls, type VideoCall } from './video.js';
import { NURL_SUFFIX, makeBids } from './bids.js';

const DEFAULT_VIDEO_ENDPOINT = 'https://reachms.bfmio.com/bid.json?exchange_id';

function videoEndpointOf(ctx: AdapterContext): string {
  const endpoint = extraInfoObject(ctx.extraInfo).video_endpoint;
  return typeof endpoint === 'string' && endpoint !== '' ? endpoint : DEFAULT_VIDEO_ENDPOINT;
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers = jsonHeaders();
  const device = request.device;
  if (device?.ua) headers['User-Agent'] = [device.ua];
  const language = device?.language;
  if (typeof language === 'string' && language !== '') headers['Accept-Language'] = [language];
  if (typeof device?.dnt === 'number') headers.DNT = [String(device.dnt)];
  const buyeruid = request.user?.buyeruid;
  if (typeof buyeruid === 'string' && buyeruid !== '') headers.Cookie = [`__io_cid=${buyeruid}`];
  return headers;
}

const isBannerImp = (imp: Readonly<Imp>): boolean => {
  const first = imp.banner?.format?.[0];
  return first !== undefined && !!first.w && !!first.h;
};

function videoRequest(call: VideoCall, endpoint: string, headers: Record<string, string[]>): OutgoingRequest {
  const nurl = call.responseType === 'nurl';
  const json = JSON.stringify(call.body);
  const body = nurl ? `{"isPrebid":true,${json.slice(1)}` : json;
  const uri = `${endpoint}=${call.appId}${nurl ? NURL_SUFFIX : ''}`;
  return { method: 'POST', uri, body, headers, impIds: (call.body?.imp ?? []).map((imp) => imp.id) };
}

function makeRequests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const bannerImps = request.imp.filter(isBannerImp);
  const videoImps = request.imp.filter((imp) => imp.video);
  if (bannerImps.length + videoImps.length === 0) {
    return { value: [], errors: [inputError('no valid impressions were found in the request')] };
  }
  const headers = headersOf(request);
  const errors: BidderError[] = [];
  const value: OutgoingRequest[] = [];
  if (bannerImps.length > 0) {
    const banner = bannerBody(request, bannerImps, ctx);
    errors.push(...banner.errors);
    if (banner.body) {
      const impIds = (banner.body.slots as { slot: string }[]).map((s) => s.slot);
      value.push({ method: 'POST', uri: ctx.endpoint, body: JSON.stringify(banner.body), headers, impIds });
    }
  }
  if (videoImps.length > 0) {
    const video = videoCalls(request, videoImps, ctx);
    errors.push(...video.errors);
    const endpoint = videoEndpointOf(ctx);
    const ordered = [
      ...video.calls.filter((c) => c.responseType === 'adm'),
      ...video.calls.filter((c) => c.responseType === 'nurl'),
    ];
    for (const call of ordered) if (call.body) value.push(videoRequest(call, endpoint, headers));
  }
  return { value, errors };
}

export const adapter: Adapter = {
  makeRequests,
  makeBids: (_request, call, ctx) => makeBids(call, videoEndpointOf(ctx)),
};
