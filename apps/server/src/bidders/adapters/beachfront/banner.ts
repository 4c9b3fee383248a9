// Beachfront banner: one call in Beachfront's own format, a slot per banner imp (app id, floor, sizes)
// plus page, device and user facts, the supply chain and fixed adapter identification.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError } from '../../types.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { asObject } from '../../helpers/parse-json.js';
import { appIdOf, paramsOf, withFloor } from './params.js';
import { domainOf, isSecure } from './page.js';

interface Slot {
  slot: string;
  id: string;
  bidfloor: number;
  sizes: { w: number; h: number }[];
}

function slotOf(imp: Readonly<Imp>, ctx: AdapterContext, errors: BidderError[]): Slot | undefined {
  const params = paramsOf(imp);
  const appId = isBidderError(params) ? params : appIdOf(params, 'banner');
  if (isBidderError(appId)) {
    errors.push(appId);
    return undefined;
  }
  if (isBidderError(params)) return undefined;
  const floored = withFloor(imp, params, ctx);
  if (floored.error) errors.push(floored.error);
  if (!floored.imp) return undefined;
  const sizes = (imp.banner?.format ?? []).map((f) => ({ w: f.w ?? 0, h: f.h ?? 0 }));
  return { slot: imp.id, id: appId, bidfloor: floored.imp.bidfloor ?? 0, sizes };
}

/** The supply chain of source.ext.schain, or the empty one upstream always writes. */
function schainOf(request: Readonly<BidRequest>): unknown {
  const empty = { complete: 0, nodes: null, ver: '' };
  const ext = asObject(request.source?.ext);
  if (!ext.ok) return empty;
  const schain = asObject(ext.value.schain);
  return schain.ok ? schain.value : empty;
}

function userOf(request: Readonly<BidRequest>): Record<string, string> {
  const user: Record<string, string> = {};
  const { id, buyeruid } = request.user ?? {};
  if (typeof id === 'string' && id !== '') user.id = id;
  if (typeof buyeruid === 'string' && buyeruid !== '') user.buyeruid = buyeruid;
  return user;
}

function pageFacts(request: Readonly<BidRequest>): { page: string; domain: string; isMobile: number } {
  if (request.site) {
    const page = request.site.page ?? '';
    const domain = request.site.domain ? request.site.domain : domainOf(page);
    return { page, domain, isMobile: 0 };
  }
  return { page: request.app?.bundle ?? '', domain: request.app?.domain ?? '', isMobile: 1 };
}

/** The banner call's body for `imps`, or undefined when no imp makes a slot. */
export function bannerBody(
  request: Readonly<BidRequest>,
  imps: readonly Imp[],
  ctx: AdapterContext,
): { body?: Record<string, unknown>; errors: BidderError[] } {
  const errors: BidderError[] = [];
  const slots = imps.map((imp) => slotOf(imp, ctx, errors)).filter((s): s is Slot => s !== undefined);
  if (slots.length === 0) return { errors };
  const device = request.device;
  const { page, domain, isMobile } = pageFacts(request);
  const impSecure = imps[0]?.secure;
  const body = {
    slots,
    domain,
    page,
    referrer: '',
    search: '',
    secure: typeof impSecure === 'number' ? impSecure : isSecure(page),
    deviceOs: device?.os ?? '',
    deviceModel: device?.model ?? '',
    isMobile,
    ua: device?.ua ?? '',
    dnt: device?.dnt ?? 0,
    user: userOf(request),
    adapterName: 'BF_PREBID_S2S',
    adapterVersion: '1.0.0',
    ip: device?.ip ?? '',
    requestId: request.id,
    real204: true,
    schain: schainOf(request),
  };
  return { body, errors };
}
