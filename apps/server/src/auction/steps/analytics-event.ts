// The auction's analytics event (analytics/; G analytics AuctionObject): what the endpoints record once
// the answer is known, with the request's `reportAnalytics` activity (host activity controls, the
// account's over them) evaluated per adapter.
import {
  activityContextFromRequest,
  applyActivityScrubbing,
  createActivityControl,
  mergeActivitySettings,
  type ActivityControl,
  type ActivitySettings,
} from '../../privacy/activities/index.js';
import { hasEffect } from './activity-controls.js';
import type { AuctionLikeFields } from '../../analytics/index.js';
import type { Account } from '../../accounts/types.js';
import type { AuctionContext } from '../types.js';
import type { BidRequest, BidResponse } from '../../openrtb/types.js';

/** What the activity control of an auction is built from: its account and its request. */
type ControlSource = Pick<AuctionContext, 'account' | 'request'>;

/** The activity control of this auction for analytics; undefined when nothing can deny anything. */
function analyticsControl(
  ctx: ControlSource,
  host: ActivitySettings | undefined,
): ActivityControl | undefined {
  if (!host && !ctx.account.activities) return undefined;
  const settings = mergeActivitySettings(host ?? {}, ctx.account.activities ?? {});
  if (!hasEffect(settings) || !settings.allowActivities) return undefined;
  return createActivityControl(
    Object.assign(activityContextFromRequest(ctx.request), {
      config: settings.allowActivities,
      modules: settings.modules ?? [],
    }),
  );
}

/** The reportAnalytics check of this auction; undefined when nothing can deny it. */
export function reportAllowedOf(
  ctx: AuctionContext,
  host: ActivitySettings | undefined,
): ((adapterName: string) => boolean) | undefined {
  const control = analyticsControl(ctx, host);
  return control ? reportCheck(control) : undefined;
}

function reportCheck(control: ActivityControl): (adapterName: string) => boolean {
  return (name) => control.allow('reportAnalytics', { componentType: 'analytics', componentName: name });
}

/**
 * The request as one analytics adapter may see it (G analytics/build evaluateActivities): user
 * first-party data removed when transmitUfpd is denied to the adapter, geo and IP coarsened when
 * transmitPreciseGeo is.
 */
function scrubberOf(control: ActivityControl): (adapterName: string, request: BidRequest) => BidRequest {
  return (name, request) => {
    const component = { componentType: 'analytics' as const, componentName: name };
    return applyActivityScrubbing(request, {
      transmitUfpd: control.allow('transmitUfpd', component),
      transmitPreciseGeo: control.allow('transmitPreciseGeo', component),
    });
  };
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
  return withControl(fields, ctx, host);
}

function withControl(
  fields: AuctionLikeFields,
  source: ControlSource,
  host: ActivitySettings | undefined,
): AuctionLikeFields {
  const control = analyticsControl(source, host);
  if (control) {
    fields.reportAllowed = reportCheck(control);
    fields.scrubFor = scrubberOf(control);
  }
  return fields;
}

/**
 * The fields of a request a module rejected (G rejectAuctionRequest / rejectAmpRequest): answered
 * 200, the module's error, the `{id, nbr}` response, and the request as the rejecting stage saw it;
 * once the account is known (processed_auction_request), its id and activity controls too.
 */
export function rejectedEventFields(
  rejected: { response: BidResponse; error: string; request?: BidRequest; account?: Account },
  startedAt: number,
  host: ActivitySettings | undefined,
): AuctionLikeFields {
  const fields: AuctionLikeFields = {
    status: 200,
    errors: [rejected.error],
    response: rejected.response,
    startedAt,
  };
  if (rejected.request) fields.request = rejected.request;
  if (!rejected.account) return fields;
  fields.accountId = rejected.account.id;
  return rejected.request
    ? withControl(fields, { account: rejected.account, request: rejected.request }, host)
    : fields;
}
