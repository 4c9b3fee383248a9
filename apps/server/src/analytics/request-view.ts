// What one adapter sees of a request's `ext.<ns>.analytics` (G analytics/build updateReqWrapperForAnalytics,
// J AnalyticsReporterDelegator.updateExtRequest): only its own entry. When the request names other
// adapters but not this one, the whole `analytics` object is left out. `{"enabled": false}` in the
// adapter's own entry switches the adapter off for that request (Gavel; neither upstream reads it
// from the request). The request is copied only when something changes; it is never mutated.
import { omitKeys, setOwn, withProps } from '@gavel/common';
import type { BidRequest } from '../openrtb/types.js';

export interface AdapterView {
  /** False when the request's entry for the adapter says `"enabled": false`. */
  enabled: boolean;
  /** The request as the adapter gets it. */
  request: BidRequest | undefined;
  /** The adapter's own `ext.<ns>.analytics.<name>` object, when it is one. */
  options?: Readonly<Record<string, unknown>>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `ext.<ns>` of the request, when it is an object. */
function extNs(request: BidRequest, ns: string): Record<string, unknown> | undefined {
  const ext = request.ext;
  if (!isObject(ext) || !Object.hasOwn(ext, ns)) return undefined;
  const block = ext[ns];
  return isObject(block) ? block : undefined;
}

function replaceAnalytics(
  request: BidRequest,
  ns: string,
  block: Record<string, unknown>,
  analytics: Record<string, unknown> | undefined,
): BidRequest {
  const nsCopy = analytics === undefined ? omitKeys(block, ['analytics']) : withProps(block, { analytics });
  const ext: Record<string, unknown> = withProps(request.ext, {});
  setOwn(ext, ns, nsCopy);
  return withProps(request, { ext });
}

export function adapterView(request: BidRequest | undefined, ns: string, name: string): AdapterView {
  if (request === undefined) return { enabled: true, request };
  const block = extNs(request, ns);
  if (block === undefined || !Object.hasOwn(block, 'analytics')) return { enabled: true, request };
  const analytics = block.analytics;
  if (!isObject(analytics))
    return { enabled: true, request: replaceAnalytics(request, ns, block, undefined) };
  if (!Object.hasOwn(analytics, name)) {
    const empty = Object.keys(analytics).length === 0;
    return { enabled: true, request: empty ? request : replaceAnalytics(request, ns, block, undefined) };
  }
  const entry = analytics[name];
  const options = isObject(entry) ? entry : undefined;
  if (options?.enabled === false) return { enabled: false, request: undefined, options };
  const keys = Object.keys(analytics);
  if (keys.length === 1) return { enabled: true, request, options };
  const own: Record<string, unknown> = {};
  setOwn(own, name, entry);
  return { enabled: true, request: replaceAnalytics(request, ns, block, own), options };
}
