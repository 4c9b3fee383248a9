// Step 1: stored request, stored imps (notes §16) and stored auction/bid responses (contract
// "Stored responses"; notes §17). Pure composition of the stored module; never calls other steps.
import type { IdSource } from '@gavel/common';
import type { BidRequest, SeatBid } from '../../openrtb/types.js';
import { resolveStoredRequest } from '../../stored/resolve-request.js';
import { resolveStoredResponses, type StoredBidResponseSet } from '../../stored/stored-responses.js';
import type { StoredSource } from '../../stored/types.js';
import type { ExtNamespace } from '../types.js';

export interface ResolveStoredEnv {
  ns: ExtNamespace;
  store: StoredSource;
  ids: IdSource;
  /** settings.generate-storedrequest-bidrequest-id */
  generateRequestId: boolean;
  /** Canonical bidder code of a name (registry lookup, case-insensitive). */
  canonicalBidder?: (name: string) => string | undefined;
  signal?: AbortSignal;
}

export interface ResolveStoredResult {
  request: BidRequest;
  /** Lines for a 400 answer (without the `Invalid request: ` prefix). */
  errors: string[];
  /** imp id → stored seatbids (rule 1: no bidder is called when this is non-empty). */
  storedAuctionResponses: Map<string, SeatBid[]>;
  /** Rule 2: bidder → imp id → body fed to the bidder's makeBids, and the replaceimpid flags. */
  storedBidResponses: StoredBidResponseSet;
}

export async function resolveStored(
  request: BidRequest,
  env: ResolveStoredEnv,
): Promise<ResolveStoredResult> {
  const empty = {
    storedAuctionResponses: new Map<string, SeatBid[]>(),
    storedBidResponses: { bodies: {}, replaceImpId: {} },
  };
  const merged = await resolveStoredRequest(request, env);
  if (merged.errors.length > 0) return { request, errors: merged.errors, ...empty };
  const responses = await resolveStoredResponses(merged.request, env);
  if (responses.errors.length > 0) return { request: merged.request, errors: responses.errors, ...empty };
  return {
    request: responses.request,
    errors: [],
    storedAuctionResponses: responses.auction,
    storedBidResponses: responses.bids,
  };
}
