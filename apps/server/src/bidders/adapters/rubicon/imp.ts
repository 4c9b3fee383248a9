// Rubicon imp translation: one format per call (video when fully described or alone, else banner,
// else native), params → imp.ext.rp {zone_id, target, track}, the host's XAPI login in the target.
import type { BidRequest, Imp, Native, Video } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { inputError } from '../../helpers/bid-response.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { addDataAttributes, type Target } from './targeting.js';
import { copyForWrite, omitKeys, withProps } from '@gavel/common';

export interface RubiconParams {
  accountId?: number | string;
  siteId?: number | string;
  zoneId?: number | string;
  inventory?: Record<string, unknown>;
  visitor?: Record<string, unknown>;
  keywords?: string[];
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

/** The video fields XAPI recommends; with all of them a multi-format imp is bid as video. */
function isFullVideo(video: Readonly<Video>): boolean {
  const v = video as Video & { linearity?: number };
  return !!(v.mimes && v.protocols && v.maxduration && v.linearity);
}

/** Video when the imp offers it alone or fully described (beside a banner). */
export function isVideoImp(imp: Readonly<Imp>): boolean {
  return !!imp.video && (!imp.banner || isFullVideo(imp.video));
}

/** One imp per format (banner, video, native, audio) with bidonmultiformat, else the imp as it is. */
export function singleFormatImps(imp: Readonly<Imp>, multiformat: boolean): Imp[] {
  if (!multiformat) return [imp];
  const formats = ['banner', 'video', 'native', 'audio'] as const;
  const rest = omitKeys(imp, formats);
  return formats.filter((f) => imp[f]).map((f) => withProps(rest, { [f]: imp[f] }) as Imp);
}

/**
 * The imp's targeting, later sources overriding earlier ones: its own rp target, the inventory
 * params, the site/app first-party data, the page, the imp's data, its ad slot, the keywords.
 */
function impTarget(
  ext: Record<string, unknown>,
  params: RubiconParams,
  request: Readonly<BidRequest>,
): Target {
  const target: Target = copyForWrite((ext.rp as { target?: Target } | undefined)?.target);
  addDataAttributes(params.inventory, target);
  addDataAttributes((request.site ?? request.app)?.ext?.data, target);
  if (request.site?.page) target.page = [request.site.page];
  const data = ext.data as
    { adserver?: { name?: unknown; adslot?: unknown }; pbadslot?: unknown } | undefined;
  addDataAttributes(data, target);
  if (typeof data?.pbadslot === 'string' && data.pbadslot) target.pbadslot = data.pbadslot;
  else if (data?.adserver?.name === 'gam' && typeof data.adserver.adslot === 'string' && data.adserver.adslot)
    target.dfp_ad_unit_code = data.adserver.adslot;
  if (params.keywords?.length) target.keywords = params.keywords;
  return target;
}

/** Native 1.2+ requests must carry event trackers and a placement type (context, when given, an int). */
function nativeRequest(native: Readonly<Native> | undefined): Record<string, unknown> | null | string {
  if (!native) return 'Native object is not present for request';
  if (native.ver === '1.0' || native.ver === '1.1') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(native.request ?? '');
  } catch (err) {
    return (err as Error).message;
  }
  if (!isObject(parsed)) return notAnObjectMessage(parsed);
  if (!Array.isArray(parsed.eventtrackers)) return 'Eventtrackers are not present or not of array type';
  if (parsed.context != null && typeof parsed.context !== 'number') return 'Context is not of int type';
  if (typeof parsed.plcmttype !== 'number') return 'Plcmttype is not present or not of int type';
  return parsed;
}

export interface ImpContext {
  request: Readonly<BidRequest>;
  ctx: AdapterContext;
  login: string;
  /** The request's first multibid limit, sent with every imp. */
  maxbids?: number;
}

/** A banner without formats needs a non-zero size. */
function bannerWithoutSize(imp: Readonly<Imp>): boolean {
  const { format, w, h } = imp.banner ?? {};
  return !format?.length && (w === undefined || h === undefined || w === 0 || h === 0);
}

/** The imp's floor in USD (XAPI's only currency). */
function usdFloor(imp: Readonly<Imp>, ctx: AdapterContext): Imp | BidderError {
  const cur = imp.bidfloorcur;
  if (!cur) return imp;
  let bidfloor = imp.bidfloor;
  if (bidfloor && bidfloor > 0 && cur.toUpperCase() !== 'USD') {
    try {
      bidfloor = ctx.convertCurrency(bidfloor, cur, 'USD');
    } catch {
      return inputError(`Unable to convert provided bid floor currency from ${cur} to USD`);
    }
  }
  return withProps(imp, { bidfloor, bidfloorcur: 'USD' });
}

function formatted(imp: Imp, params: RubiconParams): Imp | BidderError {
  if (isVideoImp(imp)) {
    const { size_id, skip, skipdelay } = params.video ?? {};
    const videotype = imp.rwdd === 1 ? 'rewarded' : undefined;
    const ext = withProps(
      skip ? { skip } : {},
      skipdelay ? { skipdelay } : {},
      videotype ? { videotype } : {},
      {
        rp: size_id ? { size_id } : {},
      },
    );
    const out = omitKeys<Imp>(imp, ['banner', 'native']);
    return withProps(out, {
      video: withProps(imp.video, { ext }),
      rwdd: imp.rwdd === 1 ? undefined : imp.rwdd,
    });
  }
  if (imp.banner) {
    if (bannerWithoutSize(imp)) return inputError('rubicon imps must have at least one imp.format element');
    const out = omitKeys<Imp>(imp, ['video', 'native']);
    return withProps(out, { banner: withProps(imp.banner, { ext: { rp: { mime: 'text/html' } } }) });
  }
  const native = nativeRequest(imp.native);
  if (typeof native === 'string') return inputError(native);
  const out = omitKeys<Imp>(imp, ['video']);
  return native ? withProps(out, { native: withProps(imp.native, { request_native: native }) }) : out;
}

export function buildImp(
  imp: Readonly<Imp>,
  read: { ext: Record<string, unknown>; params: RubiconParams },
  { request, ctx, login, maxbids }: ImpContext,
): { imp: Imp } | { error: BidderError } {
  const { params, ext } = read;
  const target = impTarget(ext, params, request);
  Object.assign(target, { pbs_login: login, pbs_url: ctx.server.externalUrl, pbs_version: ctx.version });
  const rp = { zone_id: Number(params.zoneId), target, track: { mint: '', mint_version: '' } };
  const impExt: Record<string, unknown> = { rp };
  if (ext.gpid) impExt.gpid = ext.gpid;
  if (ext.skadn != null) impExt.skadn = ext.skadn;
  if (ext.tid) impExt.tid = ext.tid;
  if (maxbids !== undefined) impExt.maxbids = maxbids;
  // The rewarded signal may still be in its Prebid ext location.
  const prebid = ext.prebid as { is_rewarded_inventory?: unknown } | undefined;
  const rwdd =
    imp.rwdd ||
    (typeof prebid?.is_rewarded_inventory === 'number' ? prebid.is_rewarded_inventory : undefined);
  const floored = usdFloor(withProps(imp, { ext: impExt, secure: 1, rwdd }), ctx);
  if (isBidderError(floored)) return { error: floored };
  const out = formatted(floored, params);
  return isBidderError(out) ? { error: out } : { imp: out };
}
