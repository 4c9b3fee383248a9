// Ad-server targeting (adservertargeting/; upstream G adservertargeting.Apply): the publisher's own
// keys from `ext.<ns>.adservertargeting`, written into every bid's targeting once the response is
// built; its warnings (10007) follow the response's general warnings.
import { withProps } from '@gavel/common';
import { applyAdServerTargeting, adServerTargetingRulesOf } from '../../adservertargeting/index.js';
import type { BidResponse } from '../../openrtb/types.js';
import type { AuctionContext } from '../types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function addAdServerTargeting(ctx: AuctionContext, response: BidResponse): BidResponse {
  if (adServerTargetingRulesOf(ctx.request, ctx.ns) === undefined) return response;
  const applied = applyAdServerTargeting({
    ns: ctx.ns,
    request: ctx.request,
    response,
    ...(ctx.http.query ? { ampQuery: ctx.http.query } : {}),
    ...(ctx.account.truncateTargetAttr !== undefined
      ? { truncateTargetAttr: ctx.account.truncateTargetAttr }
      : {}),
  });
  if (applied.warnings.length === 0) return applied.response;
  const ext: Obj = isObj(applied.response.ext) ? applied.response.ext : {};
  const warnings: Obj = isObj(ext['warnings']) ? ext['warnings'] : {};
  const general = Array.isArray(warnings['general']) ? (warnings['general'] as unknown[]) : [];
  const nextWarnings = withProps(warnings, { general: [...general, ...applied.warnings] });
  return withProps(applied.response, { ext: withProps(ext, { warnings: nextWarnings }) });
}
