// Video request → OpenRTB auction request (notes §14 "Built OpenRTB request", G mergeData and
// createBidExtension): imps from the pods, site/app with content, the user/device/regs parts copied,
// VAST caching and bidder-keyed targeting forced on, and the category-mapping fields
// (includebrandcategory, durationrangesec, appendbiddernames) handed to the auction core.
import type { IdSource } from '@gavel/common';
import type { BidRequest, Imp, Video } from '../../openrtb/types.js';
import type { ExtNamespace } from '../../auction/types.js';
import { isObj, type Obj, type PodConfig, type PodError } from './validate.js';
import { podImps } from './pods.js';
import { withProps } from '@gavel/common';
import { videoCategoryTargeting } from '../../categories/index.js';

export interface BuildVideoEnv {
  ns: ExtNamespace;
  ids: IdSource;
  defaultTmaxMs: number;
}

const COPIED = ['device', 'user', 'bcat', 'badv', 'regs', 'test', 'source'] as const;

export function buildVideoAuction(
  body: Obj,
  pc: PodConfig,
  storedImps: ReadonlyMap<string, unknown>,
  env: BuildVideoEnv,
): { request: BidRequest; podErrors: PodError[] } {
  const podErrors: PodError[] = [];
  const imps: Imp[] = [];
  const video = (isObj(body['video']) ? body['video'] : {}) as Video;
  pc.pods.forEach((pod, index) => {
    const stored = storedImps.get(pod.configid);
    if (!isObj(stored)) {
      podErrors.push({
        podid: pod.podid,
        index,
        messages: [`unable to load configid ${pod.configid}, Pod id: ${pod.podid}`],
      });
      return;
    }
    imps.push(...podImps(pod, pc, stored, video));
  });
  const content = body['content'];
  const withContent = (o: unknown) =>
    isObj(o) ? withProps(o, isObj(content) ? { content } : {}) : undefined;
  // A fresh id per auction (G uses the constant "bid_id", kept as the fallback of an empty id source).
  const request: BidRequest = { id: env.ids.uuid() || 'bid_id', imp: imps };
  const site = withContent(body['site']);
  const app = withContent(body['app']);
  if (site) request.site = site;
  if (app) request.app = app;
  // Copied as sent: the pipeline's validation reports wrong shapes with their field names.
  const loose = request as Record<string, unknown>;
  for (const key of COPIED) if (body[key] !== undefined) loose[key] = body[key];
  request.tmax = body['tmax'] !== undefined ? (body['tmax'] as number) : env.defaultTmaxMs;
  request.ext = { [env.ns]: auctionExt(body) };
  return { request, podErrors };
}

/**
 * `ext.<ns>` of the built request (G createBidExtension): VAST caching, bidder keys, the request's
 * price granularity, category mapping always on (`includebrandcategory` with `withcategory: true`
 * when the video request has one, else `{withcategory: false}`), the pod durations unless exact
 * durations are required, `appendbiddernames`, and `supportdeals` as sent.
 */
export function auctionExt(body: Obj): Obj {
  const targeting: Obj = { includebidderkeys: true };
  if (body['pricegranularity'] !== undefined) targeting['pricegranularity'] = body['pricegranularity'];
  Object.assign(targeting, videoCategoryTargeting(body));
  const ext: Obj = { cache: { vastxml: {} }, targeting };
  if (typeof body['supportdeals'] === 'boolean') ext['supportdeals'] = body['supportdeals'];
  return ext;
}
