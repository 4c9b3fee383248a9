// Reading first-party data out of the request (G firstpartydata.ExtractGlobalFPD,
// ExtractOpenRtbGlobalFPD, ExtractBidderConfigFPD, ExtractFPDForBidders). Pure: each function
// returns the cleaned request (or ext) beside what it read.
import { omitKeys, withProps } from '@gavel/common';
import type { BidRequest, Ext } from '../openrtb/types.js';
import { isObject, type JsonObject } from './json-merge.js';
import { resolveFpd } from './resolve.js';
import type { BidderFpdConfig, BidderNormalizer, FpdNamespace, GlobalFpd, ResolvedFpdMap } from './types.js';

const EXT = ['ext'] as const;
const DATA = ['data'] as const;

export interface GlobalFpdResult {
  /** The request without `{site,app,user}.ext.data`, `user.data` and `{site,app}.content.data`. */
  request: BidRequest;
  globalFpd: GlobalFpd;
}

/** `obj` without `ext.data` (and without `ext` when nothing else is left in it), plus the data. */
function takeExtData(obj: unknown): { obj: JsonObject; data: unknown } | undefined {
  if (!isObject(obj) || !isObject(obj.ext) || !Object.hasOwn(obj.ext, 'data')) return undefined;
  const ext = omitKeys(obj.ext, DATA);
  const rest = Object.keys(ext).length > 0 ? withProps(obj, { ext }) : omitKeys(obj, EXT);
  return { obj: rest, data: obj.ext.data };
}

/** `obj.content` without its non-empty `data` array (the content object itself stays), plus the array. */
function takeContentData(obj: unknown): { obj: JsonObject; data: unknown[] } | undefined {
  if (!isObject(obj) || !isObject(obj.content)) return undefined;
  const data = obj.content.data;
  if (!Array.isArray(data) || data.length === 0) return undefined;
  return { obj: withProps(obj, { content: omitKeys(obj.content, DATA) }), data };
}

/**
 * Takes the request-level first-party data out of the request (G runs this only when
 * `ext.<ns>.data.bidders` is given, so bidders left out of that list never see it).
 */
export function extractGlobalFpd(request: BidRequest): GlobalFpdResult {
  const globalFpd: GlobalFpd = {};
  let out = request;
  for (const key of ['site', 'app', 'user'] as const) {
    const taken = takeExtData(out[key]);
    if (!taken) continue;
    globalFpd[key] = taken.data;
    out = withProps(out, { [key]: taken.obj });
  }
  const user = out.user;
  if (isObject(user) && Array.isArray(user.data) && user.data.length > 0) {
    globalFpd.userData = user.data;
    out = withProps(out, { user: omitKeys(user, DATA) });
  }
  const site = takeContentData(out.site);
  if (site) {
    globalFpd.siteContentData = site.data;
    out = withProps(out, { site: site.obj });
  }
  const app = takeContentData(out.app);
  if (app) {
    globalFpd.appContentData = app.data;
    out = withProps(out, { app: app.obj });
  }
  return { request: out, globalFpd };
}

export interface BidderConfigOptions {
  ns: FpdNamespace;
  normalizeBidder?: BidderNormalizer;
}

export interface BidderConfigResult {
  /** The request ext without `ext.<ns>.bidderconfig`. */
  ext: Ext | undefined;
  /** Normalised bidder name (request aliases as written) → its `config.ortb2` parts. */
  configs: Map<string, BidderFpdConfig>;
  /** G's error for a bidder named twice (after normalisation); `configs` is then empty. */
  error?: string;
}

function ortb2Of(entry: JsonObject): BidderFpdConfig {
  const ortb2 = isObject(entry.config) && isObject(entry.config.ortb2) ? entry.config.ortb2 : undefined;
  const out: BidderFpdConfig = {};
  if (!ortb2) return out;
  for (const key of ['site', 'app', 'user', 'device'] as const) {
    const v = ortb2[key];
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

/**
 * `ext.<ns>.bidderconfig[]` → per bidder its ortb2 site/app/user/device (G ExtractBidderConfigFPD).
 * Known bidders are matched case-insensitively; other names (request aliases) exactly as written.
 * Entries of the wrong shape are skipped (request-ext validation reports them).
 */
export function extractBidderConfigFpd(ext: Ext | undefined, opts: BidderConfigOptions): BidderConfigResult {
  const configs = new Map<string, BidderFpdConfig>();
  const nsExt = ext?.[opts.ns];
  if (!isObject(nsExt)) return { ext, configs };
  const list = Array.isArray(nsExt.bidderconfig) ? nsExt.bidderconfig : [];
  for (const entry of list) {
    if (!isObject(entry) || !Array.isArray(entry.bidders)) continue;
    for (const bidder of entry.bidders) {
      if (typeof bidder !== 'string') continue;
      const key = opts.normalizeBidder?.(bidder) ?? bidder;
      if (configs.has(key)) {
        return {
          ext,
          configs: new Map(),
          error: `multiple First Party Data bidder configs provided for bidder: ${bidder}`,
        };
      }
      configs.set(key, ortb2Of(entry));
    }
  }
  if (!Object.hasOwn(nsExt, 'bidderconfig')) return { ext, configs };
  return { ext: withProps(ext, { [opts.ns]: omitKeys(nsExt, ['bidderconfig']) }), configs };
}

/** Endpoints whose requests get first-party data (G: request types openrtb2-web, openrtb2-app, amp). */
export const FPD_ENDPOINTS: readonly string[] = ['auction', 'amp'];

export function fpdRunsFor(endpoint: string): boolean {
  return FPD_ENDPOINTS.includes(endpoint);
}

export interface ExtractFpdInput {
  request: BidRequest;
  ns: FpdNamespace;
  /** `auction` | `amp` | `video`: video requests are left as they are (G). */
  endpoint: string;
  normalizeBidder?: BidderNormalizer;
}

export interface ExtractFpdResult {
  /** The request every bidder starts from (FPD parts taken out); unchanged when FPD does not run. */
  request: BidRequest;
  /** Per-bidder data for applyFpd; undefined when FPD does not run or failed. */
  fpd?: ResolvedFpdMap;
  /** G messages; non-empty → the auction is refused with 400 `Invalid request: <errors joined by ','>`. */
  errors: string[];
}

/** `ext.<ns>.data.bidders` (undefined when absent/null) and the ext without it. */
function takeBidderList(ext: Ext, ns: FpdNamespace): { ext: Ext; bidders?: string[] } {
  const nsExt = ext[ns] as JsonObject;
  const data = nsExt.data;
  if (!isObject(data) || !Array.isArray(data.bidders)) return { ext };
  const bidders = data.bidders.filter((b): b is string => typeof b === 'string');
  const cleaned = withProps(nsExt, { data: omitKeys(data, ['bidders']) });
  return { ext: withProps(ext, { [ns]: cleaned }), bidders };
}

/**
 * The whole first-party-data pass of one auction (G ExtractFPDForBidders, gated as G's
 * HoldAuction gates it): bidder list and bidderconfig read and removed from the request ext,
 * global data taken out of the request when a bidder list is given, then resolveFpd.
 */
export function extractFpdForBidders(input: ExtractFpdInput): ExtractFpdResult {
  const { request, ns } = input;
  if (!fpdRunsFor(input.endpoint) || !isObject(request.ext?.[ns])) return { request, errors: [] };
  const listed = takeBidderList(request.ext, ns);
  // Nothing asked for: G resolves an empty map; skip the copies.
  if (listed.bidders === undefined && !Object.hasOwn(request.ext[ns], 'bidderconfig')) {
    return { request, fpd: new Map(), errors: [] };
  }
  const configs = extractBidderConfigFpd(listed.ext, {
    ns,
    ...(input.normalizeBidder ? { normalizeBidder: input.normalizeBidder } : {}),
  });
  if (configs.error) return { request, errors: [configs.error] };
  let out: BidRequest = withProps(request, { ext: configs.ext as Ext });
  let globalFpd: GlobalFpd | undefined;
  if (listed.bidders !== undefined) {
    const global = extractGlobalFpd(out);
    out = global.request;
    globalFpd = global.globalFpd;
  }
  const resolved = resolveFpd({
    request: out,
    bidderConfig: configs.configs,
    ...(globalFpd ? { globalFpd } : {}),
    ...(listed.bidders !== undefined ? { biddersAllowed: listed.bidders } : {}),
    ...(input.normalizeBidder ? { normalizeBidder: input.normalizeBidder } : {}),
  });
  if (resolved.errors.length > 0) return { request: out, errors: resolved.errors };
  return { request: out, fpd: resolved.fpd, errors: [] };
}
