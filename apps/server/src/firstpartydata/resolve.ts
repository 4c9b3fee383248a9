// Per-bidder site/app/user/device from the request, the global first-party data and the bidder's
// `bidderconfig` entry (G firstpartydata.ResolveFPD). Pure: the request is never changed.
import { withProps } from '@gavel/common';
import type { App, BidRequest, Device, Site, User } from '../openrtb/types.js';
import { isObject, mergeClone, mergePatch, type JsonObject, type MergeResult } from './json-merge.js';
import type { BidderFpdConfig, BidderNormalizer, GlobalFpd, ResolvedFpd } from './types.js';

/** G ErrBadRequest / ErrBadFPD. */
export const BAD_REQUEST_EXT = 'invalid request ext';
export const BAD_FPD_EXT = 'invalid first party data ext';

export interface ResolveFpdInput {
  /** The request after global extraction (extractGlobalFpd) when a bidder list is given. */
  request: BidRequest;
  /** From extractBidderConfigFpd: normalised bidder name (or alias as written) → its config. */
  bidderConfig: ReadonlyMap<string, BidderFpdConfig>;
  globalFpd?: GlobalFpd;
  /**
   * `ext.<ns>.data.bidders` as given (undefined when absent or null). When present, only these
   * bidders get anything, global data and their bidderconfig alike; when absent, every bidder
   * with a bidderconfig entry does.
   */
  biddersAllowed?: readonly string[];
  normalizeBidder?: BidderNormalizer;
}

export interface ResolveFpdResult {
  /** Per bidder; complete only when `errors` is empty. */
  fpd: Map<string, ResolvedFpd>;
  /** G messages; the auction answers 400 with them joined by ','. */
  errors: string[];
}

type Step<T> = { value?: T; error?: string };

function mergeError(reason: 'bad-doc' | 'bad-patch'): string {
  return reason === 'bad-doc' ? BAD_REQUEST_EXT : BAD_FPD_EXT;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

function notInRequest(bidder: string, what: 'Site' | 'App'): string {
  return `incorrect First Party Data for bidder ${bidder}: ${what} object is not defined in request, but defined in FPD config`;
}

/** `obj.ext` with `{data}` merge-patched in (or set, when obj has no ext). */
function withGlobalExtData<T extends { ext?: unknown }>(obj: T, data: unknown): MergeResult<T> {
  const patch = { data };
  if (!present(obj.ext)) return { ok: true, value: withProps(obj, { ext: patch }) };
  const merged = mergePatch(obj.ext, patch);
  return merged.ok ? { ok: true, value: withProps(obj, { ext: merged.value as JsonObject }) } : merged;
}

/** Global ext data, then the global OpenRTB data arrays, then the bidder's config patch. */
function layer<T extends JsonObject>(
  base: T,
  extData: unknown,
  setData: ((o: T) => T) | undefined,
  config: unknown,
): Step<T> {
  let out = base;
  if (extData !== undefined) {
    const r = withGlobalExtData(out, extData);
    if (!r.ok) return { error: mergeError(r.reason) };
    out = r.value;
  }
  if (setData) out = setData(out);
  if (present(config)) {
    const r = mergeClone(out, config);
    if (!r.ok) return { error: mergeError(r.reason) };
    out = r.value as T;
  }
  return { value: out };
}

function contentDataSetter<T extends Site | App>(data: unknown[] | undefined): ((o: T) => T) | undefined {
  if (!data || data.length === 0) return undefined;
  return (o) => {
    const content = isObject(o.content) ? withProps(o.content, { data }) : { data };
    return withProps(o, { content });
  };
}

function resolveUser(request: User | undefined, global: GlobalFpd, config: unknown): Step<User> {
  if (!present(request) && !present(config)) return {};
  const data = global.userData;
  const setData = data && data.length > 0 ? (u: User): User => withProps(u, { data }) : undefined;
  return layer<User>(request ?? {}, global.user, setData, config);
}

function resolveApp(bidder: string, request: App | undefined, global: GlobalFpd, config: unknown): Step<App> {
  if (!present(request)) return present(config) ? { error: notInRequest(bidder, 'App') } : {};
  return layer<App>(request as App, global.app, contentDataSetter<App>(global.appContentData), config);
}

function resolveSite(
  bidder: string,
  request: Site | undefined,
  global: GlobalFpd,
  config: unknown,
): Step<Site> {
  if (!present(request)) return present(config) ? { error: notInRequest(bidder, 'Site') } : {};
  const r = layer<Site>(
    request as Site,
    global.site,
    contentDataSetter<Site>(global.siteContentData),
    config,
  );
  if (r.value && present(config) && !r.value.id && !r.value.page) {
    return {
      error: `incorrect First Party Data for bidder ${bidder}: Site object cannot set empty page if req.site.id is empty`,
    };
  }
  return r;
}

const negative = (v: unknown): boolean => typeof v === 'number' && v < 0;

/** G firstpartydata.validateDevice: the first negative field named. */
export function validateDevice(device: Device): string | undefined {
  if (negative(device.w)) return 'request.device.w must be a positive number';
  if (negative(device.h)) return 'request.device.h must be a positive number';
  if (negative(device.ppi)) return 'request.device.ppi must be a positive number';
  const geo = device.geo;
  if (isObject(geo) && negative(geo.accuracy)) return 'request.device.geo.accuracy must be a positive number';
  return undefined;
}

function resolveDevice(request: Device | undefined, config: unknown): Step<Device> {
  if (!present(request) && !present(config)) return {};
  const r = layer<Device>(request ?? {}, undefined, undefined, config);
  if (!r.value) return r;
  const error = validateDevice(r.value);
  return error ? { error } : r;
}

function resolveOne(bidder: string, input: ResolveFpdInput, errors: string[]): ResolvedFpd {
  const { request } = input;
  const config = input.bidderConfig.get(bidder);
  const global = input.globalFpd ?? {};
  const out: ResolvedFpd = {
    userEidsFromConfig:
      isObject(config?.user) && Array.isArray(config.user.eids) && config.user.eids.length > 0,
  };
  const user = resolveUser(request.user, global, config?.user);
  if (user.error) errors.push(user.error);
  if (user.value) out.user = user.value;
  const app = resolveApp(bidder, request.app, global, config?.app);
  if (app.error) errors.push(app.error);
  if (app.value) out.app = app.value;
  const site = resolveSite(bidder, request.site, global, config?.site);
  if (site.error) errors.push(site.error);
  if (site.value) out.site = site.value;
  const device = resolveDevice(request.device, config?.device);
  if (device.error) errors.push(device.error);
  if (device.value) out.device = device.value;
  return out;
}

/** The bidders that get first-party data, normalised, without duplicates, in request order. */
function biddersToResolve(input: ResolveFpdInput): string[] {
  if (input.biddersAllowed === undefined) return [...input.bidderConfig.keys()];
  const names = new Set<string>();
  for (const name of input.biddersAllowed) names.add(input.normalizeBidder?.(name) ?? name);
  return [...names];
}

/**
 * Per bidder: its user, app, site and device. Each is the request's object (absent when neither
 * the request nor the config has one) with the global `ext.data` merge-patched into `ext`, the
 * global OpenRTB data arrays set, and the bidder's config decoded over it (mergeClone).
 */
export function resolveFpd(input: ResolveFpdInput): ResolveFpdResult {
  const fpd = new Map<string, ResolvedFpd>();
  const errors: string[] = [];
  for (const bidder of biddersToResolve(input)) {
    const resolved = resolveOne(bidder, input, errors);
    // G keeps adding bidders only while no bidder so far has failed.
    if (errors.length === 0) fpd.set(bidder, resolved);
  }
  return { fpd, errors };
}
