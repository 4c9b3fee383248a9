// Missena's own ad request: one per auction, for the first imp with readable params, wrapping the
// whole OpenRTB request; the end user's device and page go as headers.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, OutgoingRequest } from '../../types.js';
import { resolveEndpoint } from '../../helpers/endpoint-macros.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** USD when the request accepts it, else EUR when it accepts that, else undefined. */
function currencyOf(request: Readonly<BidRequest>): string | undefined {
  const accepted = request.cur ?? [];
  if (accepted.includes('USD')) return 'USD';
  return accepted.includes('EUR') ? 'EUR' : undefined;
}

/** The imp's floor in a currency Missena takes (converted to USD when the request takes neither). */
function floorOf(imp: Readonly<Imp>, request: Readonly<BidRequest>, ctx: AdapterContext) {
  if (!imp.bidfloor) return { floor: 0, floorCur: '' };
  const cur = currencyOf(request);
  if (cur) return { floor: imp.bidfloor, floorCur: cur };
  return { floor: ctx.convertCurrency(imp.bidfloor, imp.bidfloorcur ?? '', 'USD'), floorCur: 'USD' };
}

/** `encodeURIComponent` as a path-segment escape: keeps the sub-delimiters a path may hold. */
function pathEscape(text: string): string {
  return encodeURIComponent(text).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (m) => decodeURIComponent(m));
}

/** The scheme and host of a page URL, as `scheme://host` (empty parts when it has none). */
function originOf(page: string): string {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/(?:[^/?#@]*@)?([^/?#]*))?/.exec(page);
  return `${match?.[1] ?? ''}://${match?.[2] ?? ''}`;
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers: Record<string, string[]> = {
    'Content-Type': ['application/json;charset=utf-8'],
    Accept: ['application/json'],
  };
  const device = request.device;
  if (device) {
    headers['User-Agent'] = [device.ua ?? ''];
    const ip = device.ip || device.ipv6;
    if (ip) headers['X-Forwarded-For'] = [ip];
  }
  const page = request.site?.page;
  if (page) {
    headers['Referer'] = [page];
    headers['Origin'] = [originOf(page)];
  }
  return headers;
}

function userParams(params: Readonly<Json>): Json {
  const out: Json = {};
  for (const key of ['apiKey', 'formats', 'placement', 'sample', 'settings']) {
    const value = params[key];
    const empty =
      value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
    if (!empty && !(isObject(value) && Object.keys(value).length === 0)) out[key] = value;
  }
  return out;
}

/** The call for `imp` with its params (throws the converter's error when the floor cannot be converted). */
export function missenaCall(
  imp: Readonly<Imp>,
  params: Readonly<Json>,
  request: Readonly<BidRequest>,
  ctx: AdapterContext,
): OutgoingRequest {
  const apiKey = typeof params.apiKey === 'string' ? params.apiKey : '';
  const { floor, floorCur } = floorOf(imp, request, ctx);
  const userExt = request.user?.ext;
  const eids = isObject(userExt) && Array.isArray(userExt.eids) ? userExt.eids : [];
  const body: Json = { adunit: imp.id, currency: currencyOf(request) ?? 'USD' };
  if (request.test === 1) body.debug = true;
  if (eids.length > 0) body.userEids = eids;
  if (floor) body.floor = floor;
  if (floorCur) body.floor_currency = floorCur;
  if (request.id) body.ik = request.id;
  if (request.id) body.request_id = request.id;
  if (request.tmax) body.timeout = request.tmax;
  body.params = userParams(params);
  body.ortb2 = request;
  body.version = `prebid-server@${ctx.version || 'unknown'}`;
  return {
    method: 'POST',
    uri: resolveEndpoint(ctx.endpoint, { PublisherID: pathEscape(apiKey) }),
    body: JSON.stringify(body),
    headers: headersOf(request),
    impIds: [imp.id],
  };
}
