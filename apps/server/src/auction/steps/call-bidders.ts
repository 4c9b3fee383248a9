// Step 7: calls every bidder in parallel under one deadline (issue 4 "Fan-out"); a bidder that hangs,
// fails or answers garbage costs only its own bids. Turns adapter runs into the auction's SeatResults.
import { withProps, type Clock } from '@gavel/common';
import type { BidderRegistry } from '../../bidders/registry.js';
import type { BidderTransport } from '../../bidders/transport.js';
import { runAdapter, type AdapterRun, type RunAdapterEnv } from '../../bidders/run-adapter.js';
import { resolveMediaType } from '../../bidders/media-type.js';
import type { FledgeAuctionConfig, MediaType } from '../../bidders/types.js';
import type { SeatBid } from '../../openrtb/types.js';
import type {
  AuctionBid,
  AuctionContext,
  BidderRequest,
  ResponseAuctionConfig,
  SeatResult,
} from '../types.js';
import type { RateSource } from '../../currency/rate-table.js';
import { adapterCurrency } from '../../currency/adapter-currency.js';
import { requestIdOf, type ServerTelemetry } from '../../metrics/telemetry.js';
import { interactionLog } from '../../bidders/interaction-log.js';
import { newAuctionBid } from '../auction-bid.js';

export interface CallBiddersEnv {
  registry: BidderRegistry;
  transport: BidderTransport;
  clock: Clock;
  adapterContext: RunAdapterEnv['adapterContext'];
  /**
   * Present → adapters' `convertCurrency` uses the request's rates, then these server rates (as
   * upstream's ExtraRequestInfo.ConvertCurrency). Absent → the context's own convertCurrency.
   */
  rates?: { server?: RateSource };
  /** Per-bidder metrics and failed-call log lines (metrics/); absent → none. */
  telemetry?: Pick<ServerTelemetry, 'bidder'>;
}

function toSeatResult(br: BidderRequest, run: AdapterRun): SeatResult {
  const bids: AuctionBid[] = run.bids.map(({ typed, type, currency }) =>
    newAuctionBid({
      bidder: br.bidder,
      seat: typed.seat ?? br.bidder,
      adapterCode: br.adapterCode,
      bid: typed.bid,
      type,
      originalPrice: typed.bid.price,
      originalCurrency: currency,
      video: typed.video,
      dealPriority: typed.dealPriority,
      meta: typed.meta
        ? withProps(typed.meta, { adaptercode: br.adapterCode })
        : { adaptercode: br.adapterCode },
    }),
  );
  return {
    bidder: br.bidder,
    bids,
    errors: run.errors,
    warnings: run.warnings,
    ...(run.responseTimeMs !== undefined ? { responseTimeMs: run.responseTimeMs } : {}),
    ...(run.httpCalls ? { httpCalls: run.httpCalls } : {}),
    ...(run.fledge ? { fledge: run.fledge.map((c) => auctionConfigEntry(c, br.bidder)) } : {}),
  };
}

/** Upstream's response entry: `bidder` is the request's name, `adapter` what the adapter named. */
function auctionConfigEntry(c: FledgeAuctionConfig, bidder: string): ResponseAuctionConfig {
  return {
    impid: c.impid,
    ...(bidder !== '' ? { bidder } : {}),
    ...(c.bidder ? { adapter: c.bidder } : {}),
    config: c.config,
  };
}

export async function callBidders(
  ctx: AuctionContext,
  requests: readonly BidderRequest[],
  env: CallBiddersEnv,
): Promise<SeatResult[]> {
  const runEnv: RunAdapterEnv = {
    transport: env.transport,
    clock: env.clock,
    deadline: ctx.bidderDeadline,
    debug: ctx.debug,
    adapterContext: withProps(
      env.rates
        ? withProps(env.adapterContext, {
            convertCurrency: adapterCurrency({ request: ctx.request, ns: ctx.ns, server: env.rates.server }),
          })
        : env.adapterContext,
      { entryPoint: ctx.endpoint },
    ),
    requestId: requestIdOf(ctx),
  };
  return Promise.all(
    requests.map(async (br): Promise<SeatResult> => {
      const bidder = env.registry.lookup(br.adapterCode);
      if (!bidder) {
        return {
          bidder: br.bidder,
          bids: [],
          errors: [{ code: 999, message: `no adapter registered for bidder code "${br.adapterCode}"` }],
          warnings: [],
        };
      }
      // Admin /logging/httpinteraction: one boolean check while nothing is armed.
      const callEnv = interactionLog.armed ? interactionLog.envFor(runEnv, br.bidder, ctx) : runEnv;
      const observer = env.telemetry?.bidder(bidder.code);
      const run = await runAdapter(br, bidder, callEnv, observer);
      observer?.recordRun(run, runEnv.adapterContext.convertCurrency);
      return toSeatResult(br, run);
    }),
  );
}

/**
 * Contract "Stored responses" rule 1: stored auction responses replace the bidder calls; their bids
 * are grouped by seat across imps. The media type comes from bid.mtype, bid.ext.<ns>.type or the imp.
 */
export function seatsFromStoredAuction(
  ctx: AuctionContext,
  stored: ReadonlyMap<string, readonly SeatBid[]>,
): SeatResult[] {
  const seats = new Map<string, SeatResult>();
  const imps = new Map(ctx.request.imp.map((i) => [i.id, i]));
  for (const [impId, seatbids] of stored) {
    for (const sb of seatbids) {
      const name = sb.seat ?? '';
      const seat = seats.get(name) ?? { bidder: name, bids: [], errors: [], warnings: [] };
      seats.set(name, seat);
      const configs = storedAuctionConfigs(sb, ctx.ns, impId);
      if (configs.length) (seat.fledge ??= []).push(...configs);
      for (const bid of sb.bid) {
        const declared = (bid.ext?.[ctx.ns] as { type?: unknown } | undefined)?.type;
        const type = resolveMediaType(
          bid,
          typeof declared === 'string' ? (declared as MediaType) : undefined,
          imps.get(bid.impid) ?? imps.get(impId),
        );
        seat.bids.push(
          newAuctionBid({
            bidder: name,
            seat: name,
            adapterCode: name,
            bid,
            type: type ?? 'banner',
            originalPrice: bid.price,
            originalCurrency: ctx.currency,
            meta: { adaptercode: name },
          }),
        );
      }
    }
  }
  return [...seats.values()];
}

/** PAAPI configs of a stored seatbid (`seatbid.ext.<ns>.fledge.auctionconfigs`), for the stored imp. */
function storedAuctionConfigs(sb: SeatBid, ns: string, impId: string): ResponseAuctionConfig[] {
  const nsExt = sb.ext?.[ns] as { fledge?: { auctionconfigs?: unknown } } | undefined;
  const list = nsExt?.fledge?.auctionconfigs;
  if (!Array.isArray(list)) return [];
  const name = sb.seat ?? '';
  return list.map((c: unknown) => ({
    impid: impId,
    ...(name !== '' ? { bidder: name, adapter: name } : {}),
    config: (c as { config?: unknown } | null)?.config,
  }));
}
