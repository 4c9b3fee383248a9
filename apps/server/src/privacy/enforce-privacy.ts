// Privacy enforcement over the per-bidder copies (architecture step 5, notes §19): signals are read
// once, then each bidder's copy runs through the ordered enforcers (GDPR, CCPA, COPPA, LMT). A refusal
// means the bidder is not called and gets warning 10017 under ext.warnings.<bidder>.
import type { BidRequest } from '../openrtb/types.js';
import { readPrivacySignals, type SignalsOutcome } from './read-signals.js';
import { createGdprEnforcer } from './enforcers/gdpr.js';
import { createCcpaEnforcer } from './enforcers/ccpa.js';
import { createCoppaEnforcer } from './enforcers/coppa.js';
import { createLmtEnforcer } from './enforcers/lmt.js';
import { DEFAULT_PRIVACY_SETTINGS } from './settings.js';
import {
  PRIVACY_WARNING,
  type PrivacyBidder,
  type PrivacyEnforcer,
  type PrivacyIssue,
  type PrivacySettings,
} from './types.js';
import { withProps } from '@gavel/common';

/** Settings plus the enforcer list, built once in createApp. */
export interface PrivacyEnforcement {
  settings: PrivacySettings;
  enforcers: readonly PrivacyEnforcer[];
}

export function createPrivacyEnforcement(settings: PrivacySettings): PrivacyEnforcement {
  return {
    settings,
    enforcers: [
      createGdprEnforcer(settings),
      createCcpaEnforcer(settings),
      createCoppaEnforcer(settings),
      createLmtEnforcer(settings),
    ],
  };
}

/** The part of a per-bidder request this module reads (auction's BidderRequest fits). */
export interface PrivacyTarget {
  bidder: string;
  adapterCode: string;
  request: BidRequest;
}

/** Where GVL vendor ids come from (the bidder registry fits). */
export interface VendorIdLookup {
  lookup(code: string): { info: { gvlVendorId?: number } } | undefined;
}

export interface EnforceEnv {
  ns: string;
  registry: VendorIdLookup;
  /** Absent → the schema defaults (private by default). */
  enforcement?: PrivacyEnforcement;
  /** Signals read beforehand (with the vendor list, auction/steps/vendor-list.ts); absent → read here. */
  signals?: SignalsOutcome;
  /** Counts refusals and scrubs by bidder code and enforcer name (metrics/); absent → none. */
  observer?: { blocked(code: string, rule: string): void; scrubbed(code: string, rule: string): void };
}

/** A bidder that is not called: shaped like a seat without bids so it can join the seat results. */
export interface RefusedSeat {
  bidder: string;
  bids: [];
  errors: [];
  warnings: PrivacyIssue[];
}

export interface EnforceOutcome<T extends PrivacyTarget> {
  allowed: T[];
  refused: RefusedSeat[];
  /** Request-level warnings (invalid consent strings). */
  warnings: PrivacyIssue[];
}

function aliasVendorIds(request: BidRequest, ns: string): Record<string, unknown> {
  const nsExt = request.ext?.[ns];
  const ids =
    nsExt && typeof nsExt === 'object' ? (nsExt as Record<string, unknown>)['aliasgvlids'] : undefined;
  return ids && typeof ids === 'object' ? (ids as Record<string, unknown>) : {};
}

export function enforcePrivacy<T extends PrivacyTarget>(
  request: BidRequest,
  targets: readonly T[],
  env: EnforceEnv,
): EnforceOutcome<T> {
  const { settings, enforcers } = env.enforcement ?? createPrivacyEnforcement(DEFAULT_PRIVACY_SETTINGS);
  const { signals, warnings } = env.signals ?? readPrivacySignals(request, env.ns, settings);
  const aliasIds = aliasVendorIds(request, env.ns);
  const allowed: T[] = [];
  const refused: RefusedSeat[] = [];
  for (const target of targets) {
    const aliasId = aliasIds[target.bidder];
    const gvlVendorId =
      typeof aliasId === 'number' ? aliasId : env.registry.lookup(target.adapterCode)?.info.gvlVendorId;
    const bidder: PrivacyBidder = {
      name: target.bidder,
      code: target.adapterCode,
      ...(gvlVendorId !== undefined ? { gvlVendorId } : {}),
    };
    let shaped = target.request;
    let reason: string | undefined;
    for (const enforcer of enforcers) {
      const result = enforcer.apply(shaped, bidder, signals);
      if (!result.allowed) {
        reason = result.reason;
        env.observer?.blocked(bidder.code, enforcer.name);
        break;
      }
      if (result.request !== shaped) env.observer?.scrubbed(bidder.code, enforcer.name);
      shaped = result.request;
    }
    if (reason !== undefined) {
      const warning = { code: PRIVACY_WARNING.blockedByPrivacy, message: reason };
      refused.push({ bidder: target.bidder, bids: [], errors: [], warnings: [warning] });
    } else allowed.push(shaped === target.request ? target : withProps(target, { request: shaped }));
  }
  return { allowed, refused, warnings };
}
