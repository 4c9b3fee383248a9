// The module API (upstream G hooks/hookstage, J hooks.v1): what a module implements and what each hook
// stage hands it. Modules live in `modules/<name>/`; the hook executor (`modules/hooks/`) runs them per
// the host's and the account's execution plan; the pipeline names the stages (docs/modules.md).
import type { BidRequest, BidResponse } from '../openrtb/types.js';
import type { AuctionBid } from '../auction/types.js';

/** The stages, in the order an auction reaches them. */
export const STAGES = [
  'entrypoint',
  'raw_auction_request',
  'processed_auction_request',
  'bidder_request',
  'raw_bidder_response',
  'all_processed_bid_responses',
  'auction_response',
  'exitpoint',
] as const;
export type Stage = (typeof STAGES)[number];

/** The HTTP request as the entrypoint sees it; a hook may change headers, query and body. */
export interface EntrypointPayload {
  endpoint: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  query: Readonly<Record<string, string>>;
  /** The raw body text ('' for GET). */
  body: string;
}

/** The request JSON before stored data and validation (auction endpoint only). */
export interface RawAuctionRequestPayload {
  request: BidRequest;
}

/** The validated request, before it is split per bidder. */
export interface ProcessedAuctionRequestPayload {
  request: BidRequest;
}

/** One bidder's copy of the request, after privacy enforcement. */
export interface BidderRequestPayload {
  bidder: string;
  request: BidRequest;
}

/** One bidder's bids as its adapter returned them (before prices are adjusted and converted). */
export interface RawBidderResponsePayload {
  bidder: string;
  bids: readonly AuctionBid[];
}

/** Every seat's priced bids, before ranking, caching and targeting. */
export interface AllProcessedBidResponsesPayload {
  bids: readonly AuctionBid[];
}

export interface AuctionResponsePayload {
  response: BidResponse;
}

/** The body about to be written and its headers; a hook may replace both. */
export interface ExitpointPayload {
  endpoint: string;
  /** The response object (JSON-serialisable) about to be sent. */
  body: unknown;
  headers: Readonly<Record<string, string>>;
}

export interface StagePayloads {
  entrypoint: EntrypointPayload;
  raw_auction_request: RawAuctionRequestPayload;
  processed_auction_request: ProcessedAuctionRequestPayload;
  bidder_request: BidderRequestPayload;
  raw_bidder_response: RawBidderResponsePayload;
  all_processed_bid_responses: AllProcessedBidResponsesPayload;
  auction_response: AuctionResponsePayload;
  exitpoint: ExitpointPayload;
}

export type MutationType = 'add' | 'update' | 'delete';

/** One change a hook asks for; applied by the executor in order, only when the hook succeeded in time. */
export interface Mutation<P> {
  type: MutationType;
  /** Path of the changed field, for the trace (`body.tmax`, `header.foo`, `bidrequest.imp`). */
  key: readonly string[];
  /** Returns the changed payload; never mutates its input. */
  apply(payload: P): P;
}

/** Analytics tags a hook reports (upstream hookanalytics.Analytics). */
export interface AnalyticsTags {
  activities: Array<{
    name: string;
    status: 'success' | 'error';
    results?: Array<{
      status: 'success' | 'error' | 'success-allow' | 'success-block' | 'success-modify';
      values?: unknown;
      appliedto?: Record<string, unknown>;
    }>;
  }>;
}

export interface HookResult<P> {
  /** Stop the program at this stage (whole auction, or one bidder at bidder stages). */
  reject?: boolean;
  /** No-bid reason code of a rejection (response `nbr`). */
  nbrCode?: number;
  message?: string;
  changeSet?: readonly Mutation<P>[];
  errors?: readonly string[];
  warnings?: readonly string[];
  debugMessages?: readonly string[];
  analyticsTags?: AnalyticsTags;
  /** Values the module keeps for its own later hooks in this auction (merged into the module context). */
  moduleContext?: Readonly<Record<string, unknown>>;
}

/** What a hook is given besides its payload. */
export interface InvocationContext {
  endpoint: string;
  accountId: string;
  /** The module's config for this account (host `modules.<vendor>.<module>` under the account's). */
  accountConfig: Readonly<Record<string, unknown>> | undefined;
  /** What this module stored in earlier hooks of this auction. */
  moduleContext: Readonly<Record<string, unknown>>;
  hookImplCode: string;
  /** Aborted when the hook's timeout passes; hooks doing I/O should honour it. */
  signal: AbortSignal;
}

export type Hook<S extends Stage> = (
  payload: Readonly<StagePayloads[S]>,
  ctx: InvocationContext,
) => HookResult<StagePayloads[S]> | Promise<HookResult<StagePayloads[S]>>;

/** A module: its code (`vendor.name`, e.g. `prebid.ortb2blocking`) and its hooks by stage and impl code. */
export interface Module {
  code: string;
  hooks: { [S in Stage]?: Readonly<Record<string, Hook<S>>> };
}
