// The auction side of the activity controls (G exchange/utils.go isBidderBlockedByPrivacy +
// applyPrivacy; J ActivityEnforcement): per bidder copy, fetchBids denied → the bidder is not called;
// otherwise each denied transmit activity scrubs the copy. Fits the privacy module's enforcer seam.
import type { BidRequest } from '../../openrtb/types.js';
import type { PrivacyEnforcer } from '../types.js';
import { createActivityControl, drawSkippedModules, type ActivityControl } from './control.js';
import type { ActivitySettings } from './parse.js';
import { applyActivityScrubbing, type ScrubOptions } from './scrub.js';
import type { ActivityContext, PrivacyModuleEvaluator, TransmitDecisions } from './types.js';

const obj = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/**
 * The invocation facts of a bidder request: `regs.gpp_sid` (G getGPPSID), `device.geo.country` /
 * `.region` and `regs.ext.gpc` (J BidRequestActivityInvocationPayload). The result always carries
 * `geo` and `gpc` (an auction is a geo- and GPC-aware invocation).
 */
export function activityContextFromRequest(request: BidRequest): ActivityContext {
  const regs = obj(request.regs);
  const sids = regs?.['gpp_sid'];
  const geo = obj(obj(request.device)?.['geo']);
  const country = geo?.['country'];
  const region = geo?.['region'];
  const gpc = obj(regs?.['ext'])?.['gpc'];
  const ctx: ActivityContext = {
    geo: {},
    gpc: typeof gpc === 'string' || typeof gpc === 'number' ? String(gpc) : null,
  };
  if (Array.isArray(sids)) ctx.gppSids = sids.filter((s): s is number => Number.isInteger(s));
  if (typeof country === 'string') ctx.geo = { country };
  if (typeof region === 'string') ctx.geo = Object.assign({}, ctx.geo, { region });
  return ctx;
}

/** The four transmit decisions for one bidder (component type `bidder`, its request name). */
export function decideTransmits(control: ActivityControl, bidderName: string): Required<TransmitDecisions> {
  const ask = (a: keyof TransmitDecisions) =>
    control.allow(a, { componentType: 'bidder', componentName: bidderName });
  return {
    transmitUfpd: ask('transmitUfpd'),
    transmitPreciseGeo: ask('transmitPreciseGeo'),
    transmitUniqueRequestIds: ask('transmitUniqueRequestIds'),
    transmitTid: ask('transmitTid'),
  };
}

export interface ActivityEnforcerOptions extends ScrubOptions {
  /** The account's activity settings over the host's (parseActivitySettings + mergeActivitySettings). */
  settings: ActivitySettings;
  moduleEvaluators?: Readonly<Record<string, PrivacyModuleEvaluator>>;
  /** [0, 1) source for module skip rates (drawn once, when the enforcer is built). */
  random?: () => number;
}

/**
 * One auction's activity enforcer, for the front of the enforcer list (G asks fetchBids before the
 * GDPR check). Refusal reason as the house GDPR enforcer words it (warning 10017).
 */
export function createActivityEnforcer(opts: ActivityEnforcerOptions): PrivacyEnforcer {
  const { settings } = opts;
  const modules = settings.modules ?? [];
  const skippedModules = drawSkippedModules(modules, opts.random);
  const scrubOpts: ScrubOptions = {};
  if (opts.ipv4KeepBits !== undefined) scrubOpts.ipv4KeepBits = opts.ipv4KeepBits;
  if (opts.ipv6KeepBits !== undefined) scrubOpts.ipv6KeepBits = opts.ipv6KeepBits;
  return {
    name: 'activities',
    apply(request, bidder) {
      if (!settings.allowActivities) return { allowed: true, request };
      const control = createActivityControl(
        Object.assign(activityContextFromRequest(request), {
          config: settings.allowActivities,
          modules,
          skippedModules,
          moduleEvaluators: opts.moduleEvaluators ?? {},
        }),
      );
      if (!control.allow('fetchBids', { componentType: 'bidder', componentName: bidder.name })) {
        return { allowed: false, reason: `bidder "${bidder.name}" blocked by privacy settings` };
      }
      const decisions = decideTransmits(control, bidder.name);
      return { allowed: true, request: applyActivityScrubbing(request, decisions, scrubOpts) };
    },
  };
}
