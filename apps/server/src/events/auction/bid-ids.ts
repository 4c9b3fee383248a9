// bid.ext.<ns>.bidid (G exchange/exchange.go bidIDGenerator, host `generate_bid_id`; J
// `auction.generate-bid-id`): when the host turns it on, every bid gets a fresh UUID that event URLs
// use instead of bid.id. A failed id is one auction error per bid (not fatal; the bid keeps bid.id).
import { randomUUID } from 'node:crypto';

export type BidIdResult = { ok: true; id: string } | { ok: false; error: string };

export interface BidIdGenerator {
  /** Host `auction.generate-bid-id`. */
  readonly enabled: boolean;
  /** A new id for the next bid of `seat`. */
  next(seat: string): BidIdResult;
}

export interface BidIdGeneratorOptions {
  enabled: boolean;
  /** Id source; default a random RFC 4122 v4 UUID (G uuid.NewV4). */
  uuid?: () => string;
}

/** G's message (code 999, under the namespace key of ext.errors), with the service's namespace. */
export function bidIdErrorMessage(ns: string): string {
  return `Error generating bid.ext.${ns}.bidid`;
}

export const BID_ID_ERROR_CODE = 999;

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Stateless, so one generator may serve every auction; test generators are made per auction. */
export function createBidIdGenerator(options: BidIdGeneratorOptions): BidIdGenerator {
  const uuid = options.uuid ?? randomUUID;
  return {
    enabled: options.enabled,
    next(): BidIdResult {
      if (!options.enabled) return { ok: false, error: 'bid id generation is disabled' };
      try {
        const id = uuid();
        return typeof id === 'string' && id !== '' ? { ok: true, id } : { ok: false, error: 'empty bid id' };
      } catch (e) {
        return { ok: false, error: describe(e) };
      }
    },
  };
}

export interface AssignBidIdsInput {
  generator: BidIdGenerator;
  /** The service's ext namespace (`core` or `prebid`), for the error message. */
  ns: string;
  /** The auction's bids in bidder-response order (the per-seat counter of test generators follows it). */
  bids: readonly { seat: string }[];
}

export interface AssignBidIdsResult {
  /** Parallel to `bids`: the generated id, or undefined (generation off or failed). */
  ids: (string | undefined)[];
  /** One `{code: 999, message}` per failed bid (G appends one error per failure). */
  errors: { code: number; message: string }[];
}

export function assignBidIds(input: AssignBidIdsInput): AssignBidIdsResult {
  if (!input.generator.enabled) return { ids: input.bids.map(() => undefined), errors: [] };
  const errors: AssignBidIdsResult['errors'] = [];
  const ids = input.bids.map((b) => {
    const r = input.generator.next(b.seat);
    if (r.ok) return r.id;
    errors.push({ code: BID_ID_ERROR_CODE, message: bidIdErrorMessage(input.ns) });
    return undefined;
  });
  return { ids, errors };
}
