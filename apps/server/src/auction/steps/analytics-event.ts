// The auction's analytics event (analytics/; G analytics AuctionObject): what the endpoints record once
// the answer is known, with the request's `reportAnalytics` activity (host activity controls, the
// account's over them) evaluated per adapter.
import {
  activityContextFromRequest,
  createActivityControl,
  mergeActivitySettings,
  type ActivitySettings,
} from '../../privacy/activities/index.js';
import { hasEffect } from './activity-controls.js';
import type { AuctionLikeFields } from '../../analytics/index.js';
import type { AuctionContext } from '../types.js';
import type { BidResponse } from '../../openrtb/types.js';

/** The reportAnalytics check of this auction; undefined when nothing can deny it. */
export function reportAllowedOf(
  ctx: AuctionContext,
  host: ActivitySettings | undefined,
): ((adapterName: string) => boolean) | undefined {
  if (!host && !ctx.account.activities) return undefined;
  const settings = mergeActivitySettings(host ?? {}, ctx.account.activities ?? {});
  if (!hasEffect(settings) || !settings.allowActivities) return undefined;
  const control = createActivityControl(
    Object.assign(activityContextFromRequest(ctx.request), {
      config: settings.allowActivities,
      modules: settings.modules ?? [],
    }),
  );
  return (name) => control.allow('reportAnalytics', { componentType: 'analytics', componentName: name });
}

/** The fields every auction-like event shares, from a finished auction. */
export function auctionEventFields(
  ctx: AuctionContext,
  response: BidResponse,
  host: ActivitySettings | undefined,
): AuctionLikeFields {
  const fields: AuctionLikeFields = {
    status: 200,
    errors: [],
    request: ctx.request,
    response,
    accountId: ctx.account.id,
    startedAt: ctx.startedAt,
  };
  const allowed = reportAllowedOf(ctx, host);
  if (allowed) fields.reportAllowed = allowed;
  return fields;
}
