// The auction's module stages (modules/hooks; upstream G hookexecution): each function runs one hook
// stage over what the pipeline has at that point and hands back what the modules left. A stage
// without planned hooks costs one `has()` check. Rejections at bidder stages drop that bidder with
// warning 11 under ext.warnings.<bidder>; whole-auction rejections are the endpoint's (rejectedResponse).
import { withProps } from '@gavel/common';
import type { HookRejection, RequestHooks } from '../../modules/hooks/index.js';
import type { BidRequest, BidResponse } from '../../openrtb/types.js';
import type { AuctionBid, AuctionContext, BidderRequest, SeatResult } from '../types.js';
import { isDebugRequested } from '../context.js';
import { traceLevelOf } from '../../modules/hooks/index.js';

function rejectedSeat(bidder: string, rejection: { code: number; message: string }): SeatResult {
  return { bidder, bids: [], errors: [], warnings: [{ code: rejection.code, message: rejection.message }] };
}

/** raw_auction_request (auction endpoint): the request JSON before stored data. */
export async function rawAuctionStage(
  hooks: RequestHooks | undefined,
  request: BidRequest,
): Promise<{ request: BidRequest; reject?: HookRejection } | undefined> {
  if (!hooks?.has('raw_auction_request')) return undefined;
  const run = await hooks.run('raw_auction_request', { request });
  // Rejected too: the request as the stage left it (earlier groups' changes kept), as G hands it on.
  const { request: out } = run.payload;
  return run.reject ? { request: out, reject: run.reject } : { request: out };
}

/** bidder_request: each bidder's copy after privacy; a rejected bidder is not called. */
export async function bidderRequestStage(
  hooks: RequestHooks | undefined,
  requests: readonly BidderRequest[],
): Promise<{ requests: BidderRequest[]; refused: SeatResult[] }> {
  if (!hooks?.has('bidder_request')) return { requests: [...requests], refused: [] };
  const runs = await Promise.all(
    requests.map((br) => hooks.run('bidder_request', { bidder: br.bidder, request: br.request }, br.bidder)),
  );
  const kept: BidderRequest[] = [];
  const refused: SeatResult[] = [];
  runs.forEach((run, i) => {
    const br = requests[i] as BidderRequest;
    if (run.reject) refused.push(rejectedSeat(br.bidder, run.reject));
    else kept.push(run.updated ? withProps(br, { request: run.payload.request }) : br);
  });
  return { requests: kept, refused };
}

/** raw_bidder_response: each called bidder's bids as its adapter returned them. */
export function rawBidderResponseStage(
  hooks: RequestHooks | undefined,
): ((seats: readonly SeatResult[]) => Promise<SeatResult[]>) | undefined {
  if (!hooks?.has('raw_bidder_response')) return undefined;
  return (seats) =>
    Promise.all(
      seats.map(async (seat) => {
        if (seat.bids.length === 0) return seat;
        const run = await hooks.run(
          'raw_bidder_response',
          { bidder: seat.bidder, bids: seat.bids },
          seat.bidder,
        );
        if (run.reject) {
          const warning = { code: run.reject.code, message: run.reject.message };
          return withProps(seat, { bids: [], warnings: [...seat.warnings, warning] });
        }
        return run.updated ? withProps(seat, { bids: [...run.payload.bids] }) : seat;
      }),
    );
}

/** all_processed_bid_responses: every priced, checked bid before ranking, caching and targeting. */
export async function processedBidsStage(
  hooks: RequestHooks | undefined,
  bids: AuctionBid[],
): Promise<AuctionBid[]> {
  if (!hooks?.has('all_processed_bid_responses')) return bids;
  const run = await hooks.run('all_processed_bid_responses', { bids });
  return run.updated ? [...run.payload.bids] : bids;
}

/** auction_response, then `ext.<ns>.modules` when the request asks for a trace or debug. */
export async function auctionResponseStage(
  ctx: AuctionContext,
  hooks: RequestHooks | undefined,
  response: BidResponse,
): Promise<BidResponse> {
  if (!hooks?.active) return response;
  const run = hooks.has('auction_response') ? await hooks.run('auction_response', { response }) : undefined;
  return withModulesExt(ctx.request, ctx.ns, hooks, {
    response: run?.updated ? run.payload.response : response,
    debug: ctx.debug,
  });
}

/** The response with `ext.<ns>.modules` added (nothing to show → unchanged). */
export function withModulesExt(
  request: BidRequest,
  ns: string,
  hooks: RequestHooks,
  o: { response: BidResponse; debug: boolean },
): BidResponse {
  const modules = hooks.modulesExt({ traceLevel: traceLevelOf(request.ext, ns), debug: o.debug });
  if (!modules) return o.response;
  const ext = o.response.ext ?? {};
  const nsExt = (ext[ns] as Record<string, unknown> | undefined) ?? {};
  return withProps(o.response, { ext: withProps(ext, { [ns]: withProps(nsExt, { modules }) }) });
}

/** The answer to a request a module rejected as a whole (G): 200, `{id, nbr, ext.<ns>.modules}`. */
export function rejectedResponse(
  request: BidRequest | undefined,
  o: { ns: string; hooks: RequestHooks; nbr: number },
): BidResponse {
  const id = typeof request?.id === 'string' ? request.id : '';
  const base = { id, nbr: o.nbr } as unknown as BidResponse;
  const debug = request ? isDebugRequested(request, o.ns as AuctionContext['ns']) : false;
  return withModulesExt(request ?? { id, imp: [] }, o.ns, o.hooks, { response: base, debug });
}
