// Adnuntius requests: imps become ad units (banner sizes, native request, targeting), grouped into
// one call per network; the endpoint (the GDPR one from extra info when GDPR is stated) carries
// consent, cookie opt-out, user ids, the time-zone offset and the format in its query.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { AdapterContext, BidderError, OutgoingRequest, Result } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { jsonHeaders } from '../../helpers/json-request.js';
import { inputError } from '../../helpers/bid-response.js';
import { asObject, notAnObjectMessage } from '../../helpers/parse-json.js';
import { stringParamError } from '../../helpers/typed-params.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { splitQuery, joinQuery } from '../../helpers/url-query.js';
import { normalizeOrtb } from '../../helpers/ortb-normalize.js';

type Json = Record<string, unknown>;

const TARGETING_KEYS = ['c', 'segments', 'keywords', 'kv', 'auml'] as const;

interface ImpParams {
  auId: string;
  noCookies: boolean;
  maxDeals: number;
  network: string;
  targeting: Json;
}

function paramsOf(imp: Readonly<Imp>): ImpParams | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) return inputError(`Error unmarshalling ExtImpBidder: ${ext.error.message}`);
  const bidder = asObject(ext.value.bidder ?? {});
  if (!bidder.ok) return inputError(`Error unmarshalling ExtImpValues: ${bidder.error.message}`);
  const p = bidder.value;
  const fields = { auId: 'Auid', network: 'Network', bidType: 'BidType' };
  const typeError = stringParamError(p, 'openrtb_ext.ImpExtAdnunitus', fields);
  if (typeError) return inputError(`Error unmarshalling ExtImpValues: ${typeError.message}`);
  const targeting = asObject(p.targeting ?? {});
  return {
    auId: typeof p.auId === 'string' ? p.auId : '',
    noCookies: p.noCookies === true,
    maxDeals: typeof p.maxDeals === 'number' ? p.maxDeals : 0,
    network: typeof p.network === 'string' && p.network !== '' ? p.network : 'default',
    targeting: targeting.ok ? targeting.value : {},
  };
}

function sizesOf(imp: Readonly<Imp>): number[][] | undefined {
  const banner = imp.banner;
  if (!banner) return undefined;
  if (banner.format && banner.format.length > 0) return banner.format.map((f) => [f.w ?? 0, f.h ?? 0]);
  if (typeof banner.w === 'number' && typeof banner.h === 'number') return [[banner.w, banner.h]];
  return undefined;
}

function adUnit(imp: Readonly<Imp>, params: ImpParams, kind: 'banner' | 'native'): Json {
  const unit: Json = { auId: params.auId, targetId: `${params.auId}-${imp.id}:${kind}` };
  if (kind === 'native') unit.adType = 'NATIVE';
  unit.nativeRequest = {};
  const sizes = kind === 'banner' ? sizesOf(imp) : undefined;
  if (sizes) unit.dimensions = sizes;
  if (params.maxDeals > 0) unit.maxDeals = params.maxDeals;
  for (const key of TARGETING_KEYS) {
    const value = params.targeting[key];
    if (value !== undefined && value !== null) unit[key] = value;
  }
  return unit;
}

interface Units {
  byNetwork: Map<string, Json[]>;
  noCookies: boolean;
}

function adUnitsOf(request: Readonly<BidRequest>): Units | BidderError {
  const byNetwork = new Map<string, Json[]>();
  let noCookies = false;
  const add = (network: string, unit: Json): void => {
    byNetwork.set(network, [...(byNetwork.get(network) ?? []), unit]);
  };
  for (const imp of request.imp) {
    const params = paramsOf(imp);
    if (isBidderError(params)) return params;
    if (params.noCookies) noCookies = true;
    if (imp.video) return inputError(`ignoring imp id=${imp.id}, Adnuntius supports only native and banner`);
    if (imp.banner) add(params.network, adUnit(imp, params, 'banner'));
    if (imp.native) {
      const unit = adUnit(imp, params, 'native');
      try {
        unit.nativeRequest = { ortb: JSON.parse(imp.native.request ?? '') as unknown };
      } catch (err) {
        return inputError(`Error unmarshalling Native: ${(err as Error).message}`);
      }
      add(params.network, unit);
    }
  }
  return { byNetwork, noCookies };
}

/** user.ext as an object ({} when absent), or the error text of a malformed one. */
function userExtOf(request: Readonly<BidRequest>): Json | string {
  const ext: unknown = request.user?.ext;
  if (ext === undefined || ext === null) return {};
  const parsed = asObject(ext);
  return parsed.ok ? parsed.value : parsed.error.message;
}

/** The user ids sent, as upstream writes them, when at least one has uids. */
function eidsParam(userExt: Json): string | undefined {
  const eids = Array.isArray(userExt.eids) ? (userExt.eids as unknown[]) : [];
  const hasUids = eids.some((eid) => {
    const uids = asObject(eid).ok ? (eid as Json).uids : undefined;
    return Array.isArray(uids) && uids.length > 0;
  });
  return hasUids ? JSON.stringify(eids.map((eid) => normalizeOrtb(eid, 'EID'))) : undefined;
}

/** GDPR applies flag ('' when not stated as 0/1) from regs.ext, or the error text. */
function gdprOf(request: Readonly<BidRequest>): string | { error: string } {
  const ext: unknown = request.regs?.ext;
  if (ext === undefined || ext === null) return '';
  if (!asObject(ext).ok) {
    return { error: `failed to parse ExtRegs in Adnuntius GDPR check: ${notAnObjectMessage(ext)}` };
  }
  const gdpr = (ext as Json).gdpr;
  return gdpr === 0 || gdpr === 1 ? String(gdpr) : '';
}

function deviceNoCookies(request: Readonly<BidRequest>): boolean {
  const ext = asObject(request.device?.ext ?? {});
  return ext.ok && ext.value.noCookies === true;
}

/** The endpoint used when GDPR is stated: the bidder's extra info. */
function gdprEndpoint(extraInfo: unknown): string {
  return typeof extraInfo === 'string' ? extraInfo : '';
}

interface EndpointInput {
  request: Readonly<BidRequest>;
  ctx: AdapterContext;
  noCookies: boolean;
  userExt: Json;
}

function endpointOf({ request, ctx, noCookies, userExt }: EndpointInput): string | BidderError {
  const gdpr = gdprOf(request);
  if (typeof gdpr !== 'string') {
    return inputError(`failed to parse URL: [failed to parse GDPR information: ${gdpr.error}]`);
  }
  const { base, query } = splitQuery(gdpr !== '' ? gdprEndpoint(ctx.extraInfo) : ctx.endpoint);
  const consent = typeof userExt.consent === 'string' ? userExt.consent : '';
  if (gdpr !== '') query.set('gdpr', [gdpr]);
  if (consent !== '') query.set('consentString', [consent]);
  if (noCookies || deviceNoCookies(request)) query.set('noCookies', ['true']);
  const eids = eidsParam(userExt);
  if (eids !== undefined) query.set('eids', [eids]);
  const offset = new Date(ctx.now ? ctx.now() : Date.now()).getTimezoneOffset();
  query.set('tzo', [String(offset)]);
  query.set('format', ['prebidServer']);
  return joinQuery(base, query);
}

function headersOf(request: Readonly<BidRequest>): Record<string, string[]> {
  const headers = jsonHeaders();
  const ip = request.device?.ip;
  const ua = request.device?.ua;
  if (typeof ip === 'string' && ip !== '') headers['X-Forwarded-For'] = [ip];
  if (typeof ua === 'string' && ua !== '') headers['User-Agent'] = [ua];
  return headers;
}

export function makeRequests(request: Readonly<BidRequest>, ctx: AdapterContext): Result<OutgoingRequest[]> {
  const fail = (error: BidderError): Result<OutgoingRequest[]> => ({ value: [], errors: [error] });
  const units = adUnitsOf(request);
  if (isBidderError(units)) return fail(units);
  const userExt = userExtOf(request);
  if (typeof userExt === 'string') {
    return fail({ code: ERROR_CODE.badInput, message: `failed to parse Ext User: ${userExt}` });
  }
  const uri = endpointOf({ request, ctx, noCookies: units.noCookies, userExt });
  if (isBidderError(uri)) return fail(uri);
  const siteExt = asObject(request.site?.ext ?? {});
  if (!siteExt.ok) {
    const message = `failed to parse site Ext: [failed to parse site ext in Adnuntius: ${siteExt.error.message}]`;
    return fail({ code: ERROR_CODE.badInput, message });
  }
  const page = request.site?.page;
  const context = typeof page === 'string' && page !== '' ? page : 'unknown';
  const usi = request.user?.id;
  const metaData = typeof usi === 'string' && usi !== '' ? { usi } : {};
  const kv = siteExt.value.data;
  const headers = headersOf(request);
  const impIds = request.imp.map((imp) => imp.id);
  const value = [...units.byNetwork.values()].map((adUnits): OutgoingRequest => {
    const body: Json = { adUnits, metaData, context };
    if (kv !== undefined && kv !== null) body.kv = kv;
    return { method: 'POST', uri, body: JSON.stringify(body), headers, impIds };
  });
  return { value, errors: [] };
}
