// Beachfront video: one call per video imp, a copy of the request (request.ext dropped, currency USD
// by default) with that imp alone (banner and ext dropped, floor settled, missing sizes 300×250),
// the device completed (device type, a placeholder IP for markup answers) and the site/app domain
// derived from its page/bundle. Calls asking for `nurl` answers are sent apart.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { omitKeys, withProps } from '@gavel/common';
import { appIdOf, paramsOf, withFloor } from './params.js';
import { bundleDomain, domainOf, isSecure } from './page.js';

export interface VideoCall {
  appId: string;
  /** 'nurl' or 'adm'; '' for an imp that failed. */
  responseType: '' | 'nurl' | 'adm';
  body?: BidRequest;
}

const PLACEHOLDER_IP = '255.255.255.255';

/** The request's site/app with its domain derived when missing, and whether the page is https. */
function placeOf(request: Readonly<BidRequest>): { place: Partial<BidRequest>; secure: number } {
  const place: Partial<BidRequest> = {};
  let secure = 0;
  const site = request.site;
  if (site && !site.domain && site.page) {
    place.site = withProps(site, { domain: domainOf(site.page) });
    secure = isSecure(site.page);
  }
  const app = request.app;
  if (app && !app.domain && app.bundle) {
    const domain = bundleDomain(app.bundle);
    if (domain !== undefined) place.app = withProps(app, { domain });
  }
  return { place, secure };
}

function sizedVideo(imp: Readonly<Imp>): Imp {
  const video = imp.video;
  if (!video) return imp;
  const w = video.w ? video.w : 300;
  const h = video.h ? video.h : 250;
  return w === video.w && h === video.h ? imp : withProps(imp, { video: withProps(video, { w, h }) });
}

function videoCall(
  request: Readonly<BidRequest>,
  imp: Readonly<Imp>,
  ctx: AdapterContext,
  errors: BidderError[],
): VideoCall {
  const params = paramsOf(imp);
  const appId = isBidderError(params) ? params : appIdOf(params, 'video');
  if (isBidderError(appId)) {
    errors.push(appId);
    return { appId: '', responseType: '' };
  }
  if (isBidderError(params)) return { appId: '', responseType: '' };
  const responseType = params.videoResponseType === 'nurl' ? 'nurl' : 'adm';
  let device = withProps(request.device, {});
  if (responseType === 'adm' && !device.ip) device = withProps(device, { ip: PLACEHOLDER_IP });
  if (!device.devicetype) device = withProps(device, { devicetype: request.site ? 2 : 1 });
  const { place, secure } = placeOf(request);
  const floored = withFloor(omitKeys(imp, ['banner', 'ext']), params, ctx);
  if (floored.error) errors.push(floored.error);
  if (!floored.imp) return { appId, responseType: '' };
  const sent = sizedVideo(withProps(floored.imp, { secure }));
  const cur = request.cur && request.cur.length > 0 ? request.cur : ['USD'];
  const body: BidRequest = withProps(omitKeys(request, ['ext']), place, { device, cur, imp: [sent] });
  return { appId, responseType, body };
}

/** Upstream's removal of failed calls by index, one after another on the shrinking list. */
function removeFailed(calls: VideoCall[], failed: number[]): VideoCall[] {
  let list = calls;
  for (const index of failed) {
    list = index < list.length ? list.filter((_, i) => i !== index) : [];
  }
  return list;
}

export function videoCalls(
  request: Readonly<BidRequest>,
  imps: readonly Imp[],
  ctx: AdapterContext,
): { calls: VideoCall[]; errors: BidderError[] } {
  const errors: BidderError[] = [];
  const failed: number[] = [];
  const calls = imps.map((imp, i) => {
    const call = videoCall(request, imp, ctx, errors);
    if (call.responseType === '') failed.push(i);
    return call;
  });
  return { calls: removeFailed(calls, failed), errors };
}
