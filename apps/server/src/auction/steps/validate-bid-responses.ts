// Step 9a: checks on each priced bid as upstream's exchange makes them (bidvalidation/): DSA
// requirements, banner creative size and secure markup, per the host's `validations` and the
// account's banner override. A rejected bid becomes a seat-non-bid (300, 351, 352).
import {
  DEFAULT_VALIDATION_SETTINGS,
  effectiveValidationSettings,
  validateBid,
  type BidValidationSettings,
} from '../../bidvalidation/index.js';
import type { AuctionBid, AuctionContext, RejectedBid, ResponseIssue } from '../types.js';

export interface ValidatedBids {
  bids: AuctionBid[];
  rejected: RejectedBid[];
  /** By seat: `ext.errors.<seat>` (code 4). */
  errors: Record<string, ResponseIssue[]>;
  /** By seat: `ext.warnings.<seat>` (DSA, 10010). */
  warnings: Record<string, ResponseIssue[]>;
}

const push = (into: Record<string, ResponseIssue[]>, key: string, list: readonly ResponseIssue[]) => {
  if (list.length) (into[key] ??= []).push(...list);
};

export function validateBidResponses(
  ctx: AuctionContext,
  bids: AuctionBid[],
  host: BidValidationSettings | undefined,
): ValidatedBids {
  const out: ValidatedBids = { bids: [], rejected: [], errors: {}, warnings: {} };
  if (bids.length === 0) return out;
  const settings = effectiveValidationSettings(host ?? DEFAULT_VALIDATION_SETTINGS, ctx.account.validations);
  const impIds = new Set(ctx.request.imp.map((i) => i.id));
  for (const ab of bids) {
    const verdict = validateBid({
      bid: ab.bid,
      type: ab.type,
      settings,
      impKnown: impIds.has(ab.bid.impid),
      request: ctx.request,
    });
    push(out.errors, ab.seat, verdict.errors);
    push(out.warnings, ab.seat, verdict.warnings);
    if (verdict.reject) out.rejected.push({ bid: ab, code: verdict.reject.code });
    else out.bids.push(ab);
  }
  return out;
}
