// Putting a bidder's resolved first-party data into its copy of the request (G exchange/utils.go
// applyFPD). Runs in the split, per bidder, after eid-permission filtering and buyeruid, before
// privacy scrubbing and before the OpenRTB 2.5 down-conversion.
import { omitKeys, withProps } from '@gavel/common';
import type { BidRequest, User } from '../openrtb/types.js';
import { isObject } from './json-merge.js';
import type { BidderNormalizer, FpdNamespace, ResolvedFpd } from './types.js';

export interface FpdKeyInput {
  /** The name as used in the request (bidder code or alias). */
  bidder: string;
  /** The name is an alias of `ext.<ns>.aliases` (not a core bidder or a hard alias). */
  isRequestAlias: boolean;
  normalizeBidder?: BidderNormalizer;
}

/** The key of a bidder in the resolved map: request aliases as written, others normalised (G). */
export function fpdKeyFor({ bidder, isRequestAlias, normalizeBidder }: FpdKeyInput): string {
  return isRequestAlias ? bidder : (normalizeBidder?.(bidder) ?? bidder);
}

/** The user without `ext.<ns>.buyeruids` (and without the members that leaves empty). */
function withoutBuyerUids(user: User, ns: FpdNamespace): User {
  const ext = user.ext;
  const nsExt = isObject(ext) ? ext[ns] : undefined;
  if (!isObject(ext) || !isObject(nsExt) || !Object.hasOwn(nsExt, 'buyeruids')) return user;
  const rest = omitKeys(nsExt, ['buyeruids']);
  const newExt = Object.keys(rest).length > 0 ? withProps(ext, { [ns]: rest }) : omitKeys(ext, [ns]);
  return Object.keys(newExt).length > 0 ? withProps(user, { ext: newExt }) : omitKeys(user, ['ext']);
}

function bidderUser(resolved: ResolvedFpd, current: User | undefined, ns: FpdNamespace): User {
  let user = withoutBuyerUids(resolved.user as User, ns);
  if (!isObject(current)) return user;
  // The buyeruid was chosen for this bidder after resolution (G copies it back).
  if (typeof current.buyeruid === 'string' && current.buyeruid.length > 0) {
    user = withProps(user, { buyeruid: current.buyeruid });
  }
  if (!resolved.userEidsFromConfig) {
    user = current.eids === undefined ? omitKeys(user, ['eids']) : withProps(user, { eids: current.eids });
  }
  return user;
}

export interface ApplyFpdInput {
  /** The bidder's copy of the request, as shaped so far by the split. */
  request: BidRequest;
  /** The bidder's entry of the resolved map (fpdKeyFor); undefined → the request is returned as is. */
  resolved: ResolvedFpd | undefined;
  ns: FpdNamespace;
}

/**
 * Replaces the bidder copy's site, app, device and user by the resolved ones (those present). The
 * user keeps the copy's buyeruid, and its eids unless the bidder's config set eids.
 */
export function applyFpd({ request, resolved, ns }: ApplyFpdInput): BidRequest {
  if (!resolved) return request;
  const parts: Partial<BidRequest> = {};
  if (resolved.site) parts.site = resolved.site;
  if (resolved.app) parts.app = resolved.app;
  if (resolved.device) parts.device = resolved.device;
  if (resolved.user) parts.user = bidderUser(resolved, request.user, ns);
  return Object.keys(parts).length > 0 ? withProps(request, parts) : request;
}
