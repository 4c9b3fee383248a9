// Pipeline step 3: fields the caller left implicit (notes §7 "Processing order" 10–12): device IP/UA
// from HTTP facts, site page/domain from the Referer, `at`, `imp[].secure`, `tmax`, interstitial sizes.
// Body values always win over HTTP facts. Native asset ids are filled by validate-request (one parse).
import { isIP } from 'node:net';
import type { BidRequest, Device, Imp, Site } from '../../openrtb/types.js';
import type { ExtNamespace, HttpFacts, ResponseIssue } from '../types.js';
import { rewriteInterstitials } from '../request/interstitial.js';
import { isObject } from '../request/json-shape.js';
import { withProps, copyForWrite } from '@gavel/common';

export interface ImplicitFieldOptions {
  ns: ExtNamespace;
  /** tmax (ms) for requests that carry none or 0 (host default); undefined → left absent. */
  defaultTmax: number | undefined;
}

export interface ImplicitFieldsResult {
  request: BidRequest;
  /** Fatal problems (interstitial percentages, unreadable max size) → 400. */
  errors: string[];
  /** Request-level warnings for ext.warnings.general. */
  warnings: ResponseIssue[];
}

const empty = (v: unknown): boolean => v === undefined || v === null || v === '';

/** Prebid SDKs sometimes percent-encode the UA; a plain UA (even with '+') is kept as sent. */
function decodeUserAgent(ua: string): string {
  if (!ua.includes('%')) return ua;
  try {
    return decodeURIComponent(ua);
  } catch {
    return ua;
  }
}

function fillDevice(device: unknown, http: HttpFacts): Device | undefined {
  if (device !== undefined && device !== null && !isObject(device)) return undefined;
  const d = (device ?? {}) as Device;
  const patch: Device = {};
  const ipVersion = http.ip ? isIP(http.ip) : 0;
  if (ipVersion === 4 && empty(d.ip)) patch.ip = http.ip;
  if (ipVersion === 6 && empty(d.ipv6)) patch.ipv6 = http.ip;
  if (http.userAgent && empty(d.ua)) patch.ua = decodeUserAgent(http.userAgent);
  return Object.keys(patch).length > 0 ? withProps(d, patch) : undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

function fillSite(req: BidRequest, http: HttpFacts): Site | undefined {
  if ((req.app !== undefined && req.app !== null) || (req.dooh !== undefined && req.dooh !== null))
    return undefined;
  const site: unknown = req.site;
  if (site !== undefined && site !== null && !isObject(site)) return undefined;
  if (site === undefined || site === null) {
    // Upstream makes every non-app request a site request; only worth it when we know the page.
    if (!http.referer) return undefined;
  }
  const s = (site ?? {}) as Site;
  const patch: Site = {};
  const referer = http.referer ?? (typeof s.page === 'string' && s.page ? s.page : undefined);
  if (empty(s.page) && http.referer) patch.page = http.referer;
  if (empty(s.domain) && referer) {
    const host = hostOf(referer);
    if (host) patch.domain = host;
  }
  // Upstream marks every non-AMP site request explicitly (site.ext.amp = 0).
  if (s.ext === undefined || (isObject(s.ext) && s.ext.amp === undefined))
    patch.ext = withProps(s.ext, { amp: 0 });
  return Object.keys(patch).length > 0 ? withProps(s, patch) : undefined;
}

function fillImps(imps: readonly unknown[]): Imp[] | undefined {
  let out: Imp[] | undefined;
  imps.forEach((imp, i) => {
    if (!isObject(imp) || imp.secure !== undefined) return;
    // Notes §7 item 11 (variant G): secure creatives by default; see docs/decisions.md.
    out ??= imps.slice() as Imp[];
    out[i] = withProps(imp as Imp, { secure: 1 });
  });
  return out;
}

export function fillImplicitFields(
  request: BidRequest,
  http: HttpFacts,
  opts: ImplicitFieldOptions,
): ImplicitFieldsResult {
  if (!isObject(request)) return { request, errors: [], warnings: [] };
  const out: BidRequest = copyForWrite(request);
  const device = fillDevice(request.device, http);
  if (device) out.device = device;
  const site = fillSite(request, http);
  if (site) out.site = site;
  if (request.at === undefined || request.at === null || request.at === 0) out.at = 1;
  if ((request.tmax === undefined || request.tmax === null || request.tmax === 0) && opts.defaultTmax)
    out.tmax = opts.defaultTmax;
  if (!Array.isArray(request.imp)) return { request: out, errors: [], warnings: [] };
  const secured = fillImps(request.imp);
  if (secured) out.imp = secured;
  const inter = rewriteInterstitials(out, opts.ns);
  if (inter.imps) out.imp = inter.imps;
  const warnings = inter.warnings.map((message) => ({ code: 10999, message }));
  return { request: out, errors: inter.errors, warnings };
}
