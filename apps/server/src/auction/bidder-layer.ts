// The bidder layer (upstream's AdaptedBidder): everything between "this bidder gets this request"
// and "these are its bids in the ad-server currency": the adapter calls, the structural bid checks,
// the bid adjustment factors and the currency conversion. The pipeline calls it through one seam
// (`BidderLayer`) so the exchange conformance family can put mocked bidders at the same place.
import { flatOf, type Clock } from '@gavel/common';
import type { BidderRegistry } from '../bidders/registry.js';
import type { BidderTransport } from '../bidders/transport.js';
import type { RunAdapterEnv } from '../bidders/run-adapter.js';
import type { RateSource } from '../currency/rate-table.js';
import type { AuctionBid, AuctionContext, BidderRequest, ResponseIssue, SeatResult } from './types.js';
import { callBidders } from './steps/call-bidders.js';
import { validateBids } from './steps/validate-bids.js';
import { adjustBids } from './steps/adjust-bids.js';
import { convertCurrency } from './steps/convert-currency.js';
import { adjustBidRules } from './steps/adjust-bid-rules.js';
import { checkSeats } from './steps/check-seats.js';
import { createConverter, readRequestCurrency, selectRateSources } from '../currency/converter.js';
import type { CallBiddersEnv } from './steps/call-bidders.js';

export interface BidderLayerResult {
  /** One entry per bidder called (errors, warnings, timing, debug calls, PAAPI configs). */
  seats: SeatResult[];
  /** Every usable bid, priced in the ad-server currency with the adjustments applied. */
  bids: AuctionBid[];
  /** Issues of this layer outside the seats (conversion failures), by bidder. */
  errors: Record<string, ResponseIssue[]>;
  /** Request-level warnings of this layer (ext.warnings.general: ignored bid adjustment rules). */
  warnings?: ResponseIssue[];
}

/** A step over the seats as the adapters returned them (the raw_bidder_response module stage). */
export type RawSeatsStep = (seats: readonly SeatResult[]) => Promise<SeatResult[]>;

export type BidderLayer = (
  ctx: AuctionContext,
  requests: readonly BidderRequest[],
  rawSeats?: RawSeatsStep,
) => Promise<BidderLayerResult>;

export interface BidderLayerEnv {
  registry: BidderRegistry;
  transport: BidderTransport;
  clock: Clock;
  adapterContext: RunAdapterEnv['adapterContext'];
  serverRates?: RateSource;
  telemetry?: CallBiddersEnv['telemetry'];
}

/** The production bidder layer: real adapters over the transport. */
export function createBidderLayer(env: BidderLayerEnv): BidderLayer {
  return async (ctx, requests, rawSeats) => {
    const answered = await callBidders(ctx, requests, {
      registry: env.registry,
      transport: env.transport,
      clock: env.clock,
      adapterContext: env.adapterContext,
      rates: { server: env.serverRates },
      ...(env.telemetry ? { telemetry: env.telemetry } : {}),
    });
    const called = rawSeats ? await rawSeats(answered) : answered;
    return priceSeats(ctx, called, env.serverRates);
  };
}

/** Structural checks, adjustment factors, conversion: shared by real calls and stored responses. */
export async function priceSeats(
  ctx: AuctionContext,
  called: readonly SeatResult[],
  serverRates: RateSource | undefined,
): Promise<BidderLayerResult> {
  const seats = validateBids(ctx, checkSeats(ctx, called));
  const adjusted = adjustBids(
    ctx,
    flatOf(seats, (s) => s.bids),
  );
  const converted = await convertCurrency(ctx, adjusted, { serverRates });
  const converter = createConverter(
    selectRateSources(readRequestCurrency(ctx.request.ext, ctx.ns), serverRates),
  );
  const ruled = adjustBidRules(ctx, converted.bids, converter);
  return { seats, bids: ruled.bids, errors: converted.errors, warnings: ruled.warnings };
}
