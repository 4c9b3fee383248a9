// Video request → OpenRTB auction request (notes §14 "Built OpenRTB request", G mergeData): imps
// from the pods, site/app with content, the user/device/regs parts copied, VAST caching and
// bidder-keyed targeting forced on.
import type { IdSource } from '@gavel/common';
import type { BidRequest, Imp, Video } from '../../openrtb/types.js';
import type { ExtNamespace } from '../../auction/types.js';
import { isObj, type Obj, type PodConfig, type PodError } from './validate.js';
import { podImps } from './pods.js';
import { withProps } from '@gavel/common';

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
  const targeting: Obj = { includebidderkeys: true };
  if (body['pricegranularity'] !== undefined) targeting['pricegranularity'] = body['pricegranularity'];
  request.ext = { [env.ns]: { cache: { vastxml: {} }, targeting } };
  return { request, podErrors };
}
