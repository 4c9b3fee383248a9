// AMP response mapping (contract "AMP response"; notes §15 "Body"): the auction's bid response →
// `{"targeting": {...}, "ortb2": {"ext": {errors?, warnings?, debug?}}}` (G's shape; docs/decisions.md).
import type { BidResponse } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../../auction/types.js';

export interface AmpResponseBody {
  targeting: Record<string, string>;
  ortb2: { ext: Record<string, unknown> };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stringEntries(v: unknown): [string, string][] {
  if (!isObj(v)) return [];
  return Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/**
 * Targeting of every bid that was cached (a `*_cache_id*` key: AMP can only render cached
 * creatives), then the response-level targeting without overriding bid keys.
 */
export function collectTargeting(response: BidResponse, ns: ExtNamespace): Record<string, string> {
  const out: Record<string, string> = {};
  for (const seat of response.seatbid ?? []) {
    for (const bid of seat.bid) {
      const entries = stringEntries(
        isObj(bid.ext) && isObj(bid.ext[ns]) ? bid.ext[ns]['targeting'] : undefined,
      );
      if (!entries.some(([k]) => k.includes('_cache_id'))) continue;
      for (const [k, v] of entries) out[k] = v;
    }
  }
  const ext = isObj(response.ext) ? response.ext : {};
  const responseLevel = isObj(ext[ns]) ? ext[ns]['targeting'] : undefined;
  for (const [k, v] of stringEntries(responseLevel)) if (!(k in out)) out[k] = v;
  return out;
}

export function toAmpResponse(
  response: BidResponse,
  ns: ExtNamespace,
  requestWarnings: readonly ResponseIssue[],
  /** Forward the auction's debug output: the request asked with `test: 1` or `debug=1` (G). */
  forwardDebug = true,
): AmpResponseBody {
  const ext = isObj(response.ext) ? response.ext : {};
  const ortbExt: Record<string, unknown> = {};
  if (isObj(ext['errors']) && Object.keys(ext['errors']).length > 0) ortbExt['errors'] = ext['errors'];
  const warnings: Record<string, unknown> = isObj(ext['warnings']) ? { ...ext['warnings'] } : {};
  if (requestWarnings.length > 0) {
    const general = Array.isArray(warnings['general']) ? (warnings['general'] as unknown[]) : [];
    warnings['general'] = [...general, ...requestWarnings];
  }
  if (Object.keys(warnings).length > 0) ortbExt['warnings'] = warnings;
  if (forwardDebug && ext['debug'] !== undefined) ortbExt['debug'] = ext['debug'];
  const modules = isObj(ext[ns]) ? ext[ns]['modules'] : undefined;
  if (modules !== undefined) ortbExt[ns] = { modules };
  return { targeting: collectTargeting(response, ns), ortb2: { ext: ortbExt } };
}
