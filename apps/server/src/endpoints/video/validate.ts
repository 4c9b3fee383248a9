// Video request validation (contract "POST /openrtb2/video" field table; notes §14, G's messages):
// request-level problems are fatal; pod problems drop the pod (all pods bad → fatal).
import { podSlotCount } from './pods.js';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

export interface Pod {
  podid: number;
  adpoddurationsec: number;
  configid: string;
}

export interface PodConfig {
  durationrangesec: number[];
  requireexactduration: boolean;
  pods: Pod[];
}

export interface PodError {
  podid: number;
  index: number;
  messages: string[];
}

export type ValidatedVideo =
  { ok: true; podconfig: PodConfig; podErrors: PodError[] } | { ok: false; errors: string[] };

function checkPodConfig(pc: unknown): { durations: number[]; exact: boolean; pods: unknown[] } | string {
  if (!isObj(pc)) return 'request missing required field: PodConfig.DurationRangeSec';
  const ranges = pc['durationrangesec'];
  if (!Array.isArray(ranges) || ranges.length === 0)
    return 'request missing required field: PodConfig.DurationRangeSec';
  if (!ranges.every(isInt)) return 'request.podconfig.durationrangesec must be an array of integers';
  if (ranges.some((d) => d <= 0))
    return 'duration array cannot contain negative or zero values (request.podconfig.durationrangesec)';
  const exact = pc['requireexactduration'];
  if (exact !== undefined && typeof exact !== 'boolean')
    return 'request.podconfig.requireexactduration must be a boolean';
  const pods = pc['pods'];
  if (!Array.isArray(pods) || pods.length === 0) return 'request missing required field: PodConfig.Pods';
  return { durations: ranges, exact: exact === true, pods };
}

function checkSiteApp(body: Obj): string | undefined {
  const site = body['site'];
  const app = body['app'];
  if (site === undefined && app === undefined) return 'request missing required field: site or app';
  if (site !== undefined && app !== undefined)
    return 'request.site or request.app must be defined, but not both';
  if (site !== undefined) {
    if (!isObj(site)) return 'request.site must be an object';
    if (!site['id'] && !site['page']) return 'request.site missing required field: id or page';
  }
  if (app !== undefined) {
    if (!isObj(app)) return 'request.app must be an object';
    if (!app['id'] && !app['bundle']) return 'request.app missing required field: id or bundle';
  }
  return undefined;
}

function checkVideo(video: unknown): string | undefined {
  if (!isObj(video)) return 'request missing required field: Video';
  const mimes = video['mimes'];
  if (!Array.isArray(mimes) || mimes.length === 0) return 'request missing required field: Video.Mimes';
  if (!mimes.every((m) => typeof m === 'string')) return 'request.video.mimes must be an array of strings';
  if (mimes.every((m) => m.trim() === ''))
    return 'request missing required field: Video.Mimes, mime types contains empty strings only';
  const protocols = video['protocols'];
  if (!Array.isArray(protocols) || protocols.length === 0)
    return 'request missing required field: Video.Protocols';
  return undefined;
}

function checkPods(pods: unknown[]): { valid: Pod[]; errors: PodError[] } {
  const valid: Pod[] = [];
  const errors: PodError[] = [];
  const seen = new Set<number>();
  pods.forEach((raw, index) => {
    const p = isObj(raw) ? raw : {};
    const podid = isInt(p['podid']) ? p['podid'] : 0;
    const dur = isInt(p['adpoddurationsec']) ? p['adpoddurationsec'] : 0;
    const configid = typeof p['configid'] === 'string' ? p['configid'] : '';
    const messages: string[] = [];
    if (podid > 0 && seen.has(podid))
      messages.push(`request duplicated required field: PodConfig.Pods.PodId, Pod id: ${podid}`);
    if (podid <= 0)
      messages.push(`request missing required field: PodConfig.Pods.PodId, Pod index: ${index}`);
    if (dur === 0)
      messages.push(
        `request missing or incorrect required field: PodConfig.Pods.AdPodDurationSec, Pod index: ${index}`,
      );
    if (dur < 0)
      messages.push(
        `request incorrect required field: PodConfig.Pods.AdPodDurationSec is negative, Pod index: ${index}`,
      );
    if (configid === '')
      messages.push(
        `request missing or incorrect required field: PodConfig.Pods.ConfigId, Pod index: ${index}`,
      );
    if (podid > 0) seen.add(podid);
    if (messages.length > 0) errors.push({ podid, index, messages });
    else valid.push({ podid, adpoddurationsec: dur, configid });
  });
  return { valid, errors };
}

/** "all pods are incorrect: a, b; c" (G's joining: ", " inside a pod, "; " between pods). */
export function allPodsMessage(errors: readonly PodError[]): string {
  return `all pods are incorrect: ${errors.map((e) => e.messages.join(', ')).join('; ')}`;
}

/** Default of `video.max-imps` (G and J have no bound: one imp per slot, however many). */
export const DEFAULT_VIDEO_MAX_IMPS = 500;

/**
 * The first pod whose slots take the built request past `maxImps` imps, as a fatal line naming its
 * adpoddurationsec (a 3,000,000 s pod in 15 s slots would be 200,000 imps: stack overflow, then OOM).
 */
function checkImpCount(
  raw: unknown[],
  o: { pc: { durations: number[]; exact: boolean }; dropped: readonly PodError[]; maxImps: number },
) {
  const cfg = { durationrangesec: o.pc.durations, requireexactduration: o.pc.exact };
  const dropped = new Set(o.dropped.map((e) => e.index));
  const maxImps = o.maxImps;
  let total = 0;
  for (let index = 0; index < raw.length; index++) {
    const p = raw[index];
    if (dropped.has(index)) continue;
    const dur = isObj(p) && isInt(p['adpoddurationsec']) ? p['adpoddurationsec'] : 0;
    if (dur <= 0) continue;
    const slots = podSlotCount({ adpoddurationsec: dur }, cfg);
    total += slots;
    if (total > maxImps)
      return (
        `request.podconfig.pods[${index}].adpoddurationsec: the pods make ${total > slots ? `${total} imps so far` : `${slots} imps`} ` +
        `(one per slot of the shortest podconfig.durationrangesec), more than the ${maxImps} this host allows (video.max-imps)`
      );
  }
  return undefined;
}

export function validateVideoRequest(
  body: Obj,
  opts: { storedRequestRequired: boolean; maxImps?: number },
): ValidatedVideo {
  const id = body['storedrequestid'];
  if (id !== undefined && typeof id !== 'string')
    return { ok: false, errors: ['request.storedrequestid must be a string'] };
  if (opts.storedRequestRequired && !id)
    return { ok: false, errors: ['request missing required field: storedrequestid'] };
  const pc = checkPodConfig(body['podconfig']);
  if (typeof pc === 'string') return { ok: false, errors: [pc] };
  const fatal = checkSiteApp(body) ?? checkVideo(body['video']);
  if (fatal !== undefined) return { ok: false, errors: [fatal] };
  const pods = checkPods(pc.pods);
  if (pods.valid.length === 0) return { ok: false, errors: [allPodsMessage(pods.errors)] };
  const maxImps = opts.maxImps ?? DEFAULT_VIDEO_MAX_IMPS;
  const tooMany = checkImpCount(pc.pods, { pc, dropped: pods.errors, maxImps });
  if (tooMany !== undefined) return { ok: false, errors: [tooMany] };
  return {
    ok: true,
    podconfig: { durationrangesec: pc.durations, requireexactduration: pc.exact, pods: pods.valid },
    podErrors: pods.errors,
  };
}
