// AMP request building (contract "GET /openrtb2/amp" rules 2–6, "AMP stored request"; notes §15,
// §11 "AMP forces cache.bids and targeting"): the stored request for the tag, overwritten by the query.
import type { IdSource } from '@gavel/common';
import type { BidRequest, Ext, Imp, Site } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../../auction/types.js';
import { applyMergePatch } from '../../openrtb/merge-patch.js';
import type { AmpQuery } from './query.js';
import { resolveFormats } from './sizes.js';
import { applyAmpConsent } from './consent.js';
import { ampTmax, type AmpTimeoutSettings } from './timeout.js';
import { withProps } from '@gavel/common';

export interface BuildAmpEnv {
  ns: ExtNamespace;
  ids: IdSource;
  /** settings.generate-storedrequest-bidrequest-id */
  generateRequestId: boolean;
  timeout: AmpTimeoutSettings;
}

export interface BuiltAmpRequest {
  request: BidRequest;
  /** Request-level warnings for `ext.warnings.general` of the AMP response. */
  warnings: ResponseIssue[];
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

function buildSite(site: Site | undefined, q: AmpQuery): Site {
  const out: Site = { ...site };
  if (q.curl !== undefined) {
    out.page = q.curl;
    const domain = hostOf(q.curl);
    if (domain !== undefined) out.domain = domain;
  }
  // The account placeholder of AMP tag templates is not an account (G).
  if (q.account !== undefined && q.account !== 'ACCOUNT_ID' && !out.publisher?.id)
    out.publisher = withProps(out.publisher, { id: q.account });
  if (!isObj(out.ext) || out.ext['amp'] === undefined) out.ext = withProps(out.ext, { amp: 1 });
  return out;
}

function buildImp(imp: Imp, q: AmpQuery, warnings: ResponseIssue[]): Imp {
  const out: Imp = withProps(imp, { secure: 1 });
  if (q.slot !== undefined) out.tagid = q.slot;
  const formats = resolveFormats(q, imp.banner?.format);
  const hasOtherMedia = imp.video !== undefined || imp.native !== undefined || imp.audio !== undefined;
  if (formats !== undefined && (imp.banner !== undefined || !hasOtherMedia))
    out.banner = withProps(imp.banner, { format: formats });
  if (q.targeting !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(q.targeting);
    } catch {
      parsed = undefined;
    }
    if (isObj(parsed)) {
      const ext: Ext = isObj(imp.ext) ? imp.ext : {};
      out.ext = withProps(ext, { data: applyMergePatch(ext['data'], parsed) });
    } else {
      warnings.push({ code: 10999, message: 'targeting query parameter is not a JSON object; ignored' });
    }
  }
  return out;
}

/** ext[ns] with targeting and cache.bids forced on (notes §11), the AMP channel and debug. */
function buildExt(ext: Ext | undefined, ns: ExtNamespace, debug: boolean): Ext {
  const own: Record<string, unknown> = isObj(ext?.[ns]) ? { ...ext[ns] } : {};
  const targeting = isObj(own['targeting']) ? own['targeting'] : {};
  // The contract defaults both flags to false; AMP needs keys to deliver anything, as upstream.
  own['targeting'] = withProps(targeting, {
    includewinners: targeting['includewinners'] ?? true,
    includebidderkeys: targeting['includebidderkeys'] ?? true,
  });
  if (!isObj(own['cache'])) own['cache'] = { bids: {} };
  if (own['channel'] === undefined) own['channel'] = { name: 'amp', version: '' };
  if (debug) own['debug'] = true;
  return withProps(ext, { [ns]: own });
}

export function buildAmpRequest(stored: BidRequest, q: AmpQuery, env: BuildAmpEnv): BuiltAmpRequest {
  const warnings: ResponseIssue[] = [];
  const imp0 = stored.imp[0];
  const tmax = ampTmax(q.timeout, stored.tmax, env.timeout);
  let request: BidRequest = withProps(stored, {
    id: stored.id === '{{UUID}}' || env.generateRequestId ? env.ids.uuid() : stored.id,
    site: buildSite(stored.site, q),
    imp: imp0 === undefined ? [] : [buildImp(imp0, q, warnings)],
    ...(tmax !== undefined ? { tmax } : {}),
    ext: buildExt(stored.ext, env.ns, q.debug),
  });
  const consent = applyAmpConsent(request, q);
  request = consent.request;
  warnings.push(...consent.warnings);
  return { request, warnings };
}
