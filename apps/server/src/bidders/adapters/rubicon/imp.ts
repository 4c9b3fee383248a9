// Rubicon imp translation: one format per call (video when fully described or alone, else banner,
// else native), params → imp.ext.rp {zone_id, target, track}, the host's XAPI login in the target.
import type { BidRequest, Imp, Video } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { inputError } from '../../helpers/bid-response.js';
import { floorIn } from '../../helpers/floor-currency.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { addDataAttributes, type Target } from './targeting.js';
import { withProps } from '@gavel/common';

export interface RubiconParams {
  accountId?: number | string;
  siteId?: number | string;
  zoneId?: number | string;
  inventory?: Record<string, unknown>;
  visitor?: Record<string, unknown>;
  bidonmultiformat?: boolean;
  video?: { size_id?: number; skip?: number; skipdelay?: number };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

export function readParams(
  imp: Readonly<Imp>,
): { ext: Record<string, unknown>; params: RubiconParams } | BidderError {
  if (!isObject(imp.ext)) return inputError(notAnObjectMessage(imp.ext));
  const bidder = imp.ext.bidder;
  if (!isObject(bidder)) {
    return inputError(`cannot unmarshal rubicon.rubiconExtImpBidder.Bidder: ${notAnObjectMessage(bidder)}`);
  }
  return { ext: imp.ext, params: bidder };
}

/** XAPI only needs these video fields, but with all of them a multi-format imp is bid as video. */
function isFullVideo(video: Readonly<Video>): boolean {
  const v = video as Video & { linearity?: number; api?: number[] };
  return !!(v.mimes && v.protocols && v.maxduration && v.linearity && v.api);
}

/** The single-format imps to send: one per format with bidonmultiformat, else the preferred format. */
export function singleFormatImps(imp: Readonly<Imp>, multiformat: boolean): Imp[] {
  const { banner, video, native, ...rest } = imp;
  const parts: Imp[] = [];
  if (video) parts.push(withProps(rest, { video }));
  if (banner) parts.push(withProps(rest, { banner }));
  if (native) parts.push(withProps(rest, { native }));
  if (parts.length <= 1 || multiformat) return parts.length ? parts : [{ ...imp }];
  const preferVideo = video && (!banner || isFullVideo(video));
  return [parts[preferVideo ? 0 : video ? 1 : 0] ?? { ...imp }];
}

function impTarget(imp: Readonly<Imp>, ext: Record<string, unknown>, request: Readonly<BidRequest>): Target {
  const target: Target = { ...((ext.rp as { target?: Target } | undefined)?.target ?? {}) };
  addDataAttributes((request.site ?? request.app)?.ext?.data, target);
  if (request.site?.page) target.page = [request.site.page];
  const data = ext.data as
    { adserver?: { name?: unknown; adslot?: unknown }; pbadslot?: unknown } | undefined;
  addDataAttributes(data, target);
  if (data?.adserver?.name === 'gam' && typeof data.adserver.adslot === 'string' && data.adserver.adslot) {
    target.dfp_ad_unit_code = data.adserver.adslot;
  } else if (typeof data?.pbadslot === 'string' && data.pbadslot) target.pbadslot = data.pbadslot;
  return target;
}

/** XAPI reads the native request as an object with its event trackers, context and placement type. */
function nativeRequest(text: string | undefined): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '');
  } catch {
    return 'Error in native object: request is not valid JSON';
  }
  if (!isObject(parsed)) return 'Error in native object: request is not an object';
  if (!Array.isArray(parsed.eventtrackers)) return 'Eventtrackers are not present or not of array type';
  if (!Number.isInteger(parsed.context)) return 'Context is not present or not of int type';
  if (!Number.isInteger(parsed.plcmttype)) return 'Plcmttype is not present or not of int type';
  return parsed;
}

export interface ImpContext {
  request: Readonly<BidRequest>;
  ctx: AdapterContext;
  login: string;
}

export function buildImp(
  imp: Readonly<Imp>,
  read: { ext: Record<string, unknown>; params: RubiconParams },
  { request, ctx, login }: ImpContext,
): { imp: Imp } | { error: BidderError } {
  const { params, ext } = read;
  const floored = floorIn(imp, 'USD', ctx);
  if ('error' in floored) return floored;
  const out: Imp = withProps(floored.imp, { secure: 1 });
  if (imp.banner) {
    if (!imp.banner.format?.length)
      return { error: inputError('rubicon imps must have at least one imp.format element') };
    out.banner = withProps(imp.banner, { ext: { rp: { mime: 'text/html' } } });
  }
  if (imp.video) {
    const { size_id, skip, skipdelay } = params.video ?? {};
    out.video = withProps(imp.video, {
      ext: withProps(skip ? { skip } : {}, skipdelay ? { skipdelay } : {}, {
        rp: size_id ? { size_id } : {},
      }),
    });
  }
  if (imp.native) {
    const native = nativeRequest(imp.native.request);
    if (typeof native === 'string') return { error: inputError(native) };
    out.native = withProps(imp.native, { request_native: native });
  }
  const target = impTarget(imp, ext, request);
  addDataAttributes(params.inventory, target);
  Object.assign(target, { pbs_login: login, pbs_url: ctx.server.externalUrl, pbs_version: ctx.version });
  const rp = { zone_id: Number(params.zoneId), target, track: { mint: '', mint_version: '' } };
  out.ext = { rp, ...(ext.gpid ? { gpid: ext.gpid } : {}), ...(ext.tid ? { tid: ext.tid } : {}) };
  return { imp: out };
}
