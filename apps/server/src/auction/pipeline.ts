// The auction pipeline (architecture "The auction pipeline"): the only file that knows the order of
// the steps. Steps never call each other; each gets what it needs from here.
import type { Clock } from '@gavel/common';
import type { BidRequest, BidResponse } from '../openrtb/types.js';
import type { BidderRegistry } from '../bidders/registry.js';
import type { BidderTransport } from '../bidders/transport.js';
import type { RunAdapterEnv } from '../bidders/run-adapter.js';
import type { AuctionContext, Endpoint, ExtNamespace, HttpFacts, ResponseIssue } from './types.js';
import { computeDeadline, withEffectiveTmax, type DeadlineSettings } from './deadline.js';
import {
  accountIdOf,
  applyDefaultRequest,
  accessStatus,
  checkAccess,
  createAuctionContext,
  type AccessSettings,
  type DefaultRequest,
} from './context.js';
import { resolveStored, type ResolveStoredEnv } from './steps/resolve-stored.js';
import { resolveAccount, type ResolveAccountEnv } from './steps/resolve-account.js';
import type { Account } from '../accounts/types.js';
import { fillImplicitFields } from './steps/fill-implicit-fields.js';
import { validateRequest, validationEnv, type InvalidBiddersMode } from './steps/validate-request.js';
import { splitBidders } from './steps/split-bidders.js';
import { seatsFromStoredAuction } from './steps/call-bidders.js';
import type { ConvertCurrencyServices } from './steps/convert-currency.js';
import { rankBids } from './steps/rank-bids.js';
import { cacheBids, type CacheBidsServices } from './steps/cache-bids.js';
import { writeTargeting, type WriteTargetingServices } from './steps/write-targeting.js';
import { buildResponse } from './steps/build-response.js';
import { enforcePrivacy, type PrivacyEnforcement } from '../privacy/enforce-privacy.js';
import { addServerInfo, type ServerInfo } from './steps/server-info.js';
import { decorateEvents, type EventsServices } from './steps/decorate-events.js';
import { prepareMultibid } from './steps/prepare-multibid.js';
import { alternateCodesErrors } from './steps/check-seats.js';
import { enforceBidFloors, floorsPerBidder, signalFloors, type FloorsServices } from './steps/floors.js';
import { createConverter, readRequestCurrency, selectRateSources } from '../currency/converter.js';
import type { RejectedBid } from './types.js';
import { seatNonBids, withSeatNonBid } from './steps/seat-non-bid.js';
import { addDefaultDsa } from './steps/default-dsa.js';
import { adjustBidderTmax } from './steps/bidder-tmax.js';
import { addAdServerTargeting } from './steps/ad-server-targeting.js';
import { upgradeTo26 } from './request/ortb25-downgrade.js';
import { withDefaultIntegration } from './request/integration.js';
import {
  auctionResponseStage,
  bidderRequestStage,
  rawAuctionStage,
  processedBidsStage,
  rawBidderResponseStage,
  rejectedResponse,
} from './steps/module-stages.js';
import type { HookExecutor, HookRejection, RequestHooks } from '../modules/hooks/index.js';
import type { TmaxAdjustmentSettings } from '../tmax/index.js';
import { firstPartyData } from './steps/first-party-data.js';
import { mapCategories, type CategoryServices } from './steps/map-categories.js';
import { withActivityControls } from './steps/activity-controls.js';
import { withAccountPrivacy } from './steps/account-privacy.js';
import { privacySignals, type VendorListServices } from './steps/vendor-list.js';
import { DEFAULT_PRIVACY_SETTINGS } from '../privacy/settings.js';
import type { Analytics } from '../analytics/index.js';
import type { ActivitySettings } from '../privacy/activities/index.js';
import { validateBidResponses } from './steps/validate-bid-responses.js';
import type { BidValidationSettings } from '../bidvalidation/index.js';
import type { SeatNonBid } from '../seatnonbid/index.js';
import { withProps } from '@gavel/common';
import { createBidderLayer, priceSeats, type BidderLayer, type BidderLayerResult } from './bidder-layer.js';
import type { SeatBid } from '../openrtb/types.js';
import type { AuctionBid, BidderRequest } from './types.js';
import type { ServerTelemetry } from '../metrics/telemetry.js';

/** Everything the pipeline needs, built once in createApp. */
export interface PipelineServices {
  ns: ExtNamespace;
  clock: Clock;
  registry: BidderRegistry;
  transport: BidderTransport;
  deadline: DeadlineSettings;
  access: AccessSettings;
  defaultRequest: DefaultRequest;
  adapterContext: RunAdapterEnv['adapterContext'];
  /** Stored data (step 1); absent → requests are taken as they come. */
  stored?: Omit<ResolveStoredEnv, 'ns'>;
  /** Account lookup (step 2); absent → every request runs under the host default account. */
  accounts?: ResolveAccountEnv;
  /** Currency, cache and targeting services (steps 8–11). */
  money: ConvertCurrencyServices & CacheBidsServices & WriteTargetingServices;
  /** Privacy enforcers (step 5); absent → the host defaults of config section `privacy`. */
  privacy?: PrivacyEnforcement;
  /** `ext.<ns>.server` written into bidder requests (steps/server-info.ts); absent → none. */
  serverInfo?: ServerInfo;
  /** Host bid response validation (`validations`); absent → every check skipped. */
  bidValidation?: BidValidationSettings;
  /** Host activity controls (`activity-controls`); the account's `privacy.allowactivities` go over them. */
  activities?: ActivitySettings;
  /** Brand category mapping (steps/map-categories.ts); absent → includebrandcategory maps nothing. */
  categories?: CategoryServices;
  /** Price floors (steps/floors.ts); absent → no floors. */
  floors?: FloorsServices;
  /** Event URLs, bid ids and VAST trackers (steps/decorate-events.ts); absent → none. */
  events?: EventsServices;
  /** Warning 10002 on every response that does not debug (upstream Go). */
  warnUnlessDebugging?: boolean;
  /** The host's supply-chain node appended to every bidder's schain. */
  hostSchainNode?: Readonly<Record<string, unknown>>;
  /** The module stages (modules/hooks); absent → no modules. */
  hooks?: HookExecutor;
  /** Where auction records go (analytics/); absent → nowhere. */
  analytics?: Analytics;
  /** The Global Vendor List for TCF checks (privacy.gdpr.vendorlist); absent → the consent string alone. */
  vendorLists?: VendorListServices;
  /** Per-bidder tmax adjustments (`auction.tmax-adjustments`); absent → bidders get the request's tmax. */
  tmaxAdjustments?: TmaxAdjustmentSettings;
  /** The bidder-layer seam (bidder-layer.ts); absent → real adapters over `transport`. */
  bidderLayer?: BidderLayer;
  /** Unknown bidders / invalid params on the page (`auction.invalid-bidders`); absent → `drop`. */
  invalidBidders?: InvalidBiddersMode;
  /** Auction, bidder and privacy metrics and log lines (metrics/); absent → none. */
  telemetry?: ServerTelemetry;
}

/** What the auction core needs beyond the context: stored responses resolved by the endpoint part. */
export interface HeldAuction {
  ctx: AuctionContext;
  /** Imp id → stored seatbids (contract "Stored responses" 1): they replace the bidder calls. */
  storedAuctionResponses: ReadonlyMap<string, readonly SeatBid[]>;
  storedBidResponses?: {
    bodies: Readonly<Record<string, Readonly<Record<string, string>>>>;
    replaceImpId: Readonly<Record<string, Readonly<Record<string, boolean>>>>;
  };
  tmaxMs: number;
  /** The module stages of this request; absent → none. */
  hooks?: RequestHooks;
}

export interface AuctionInput {
  endpoint: Endpoint;
  /** The module stages of this request (the endpoint ran its entrypoint); absent → none. */
  hooks?: RequestHooks;
  /** The parsed body (any JSON object; validation decides whether it is a bid request). */
  request: BidRequest;
  http: HttpFacts;
  /** Monotonic arrival time of the HTTP request (defaults to now). */
  startMonotonic?: number;
}

export type AuctionOutcome =
  | { status: 200; response: BidResponse; ctx: AuctionContext }
  /**
   * A module rejected the request as a whole: answered 200 with `{id, nbr, ext.<ns>.modules}`. For
   * analytics: the request as the rejecting stage saw it (none for an AMP entrypoint rejection, as
   * G), and the account once it is resolved (processed_auction_request).
   */
  | { status: 'rejected'; response: BidResponse; error: string; request?: BidRequest; account?: Account }
  /** Lines without the `Invalid request: ` prefix. */
  | { status: 400 | 503; errors: string[] };

function defaultAccount(id: string): Account {
  return { id, disabled: false, debugAllowed: true, cacheTtl: {}, eventsEnabled: false };
}

/**
 * The endpoint part (upstream's endpoint handler): stored data, account, access, implicit fields,
 * validation and the deadline; then the auction core. Catalogue errors (GavelError) thrown by steps
 * carry their status; the endpoint maps them.
 */
export async function runAuction(input: AuctionInput, svc: PipelineServices): Promise<AuctionOutcome> {
  const startMonotonic = input.startMonotonic ?? svc.clock.monotonic();
  const startedAt = svc.clock.now();
  const hooks = input.hooks;
  const raw = input.endpoint === 'auction' ? await rawAuctionStage(hooks, input.request) : undefined;
  if (raw?.reject) return rejected({ request: raw.request }, raw.reject, hooks as RequestHooks, svc);
  const incoming = raw?.request ?? input.request;
  // 1 stored data, then the host default request under it
  const stored = await storedAndDefault(incoming, svc);
  if ('errors' in stored) return { status: 400, errors: stored.errors };
  const { request } = stored;
  // 2 account and access
  const accountId = accountIdOf(request);
  const account = svc.accounts ? await resolveAccount(accountId, svc.accounts) : defaultAccount(accountId);
  hooks?.setAccount(account.hooks ? { id: account.id, hooks: account.hooks } : { id: account.id });
  const refused = checkAccess(request, account, svc.access);
  if (refused.length) return { status: accessStatus(refused), errors: refused };

  // 3–4 implicit fields and validation
  const defaultTmax = svc.deadline.defaultToBidders === false ? undefined : svc.deadline.defaultMs;
  const filled = fillImplicitFields(request, input.http, { ns: svc.ns, defaultTmax });
  if (filled.errors.length) return { status: 400, errors: filled.errors };
  const validated = validateRequest(filled.request, validationEnv(svc, account));
  if (validated.errors.length) return { status: 400, errors: validated.errors };
  // OpenRTB 2.6 is the internal form: 2.5 ext placements move up once (each bidder gets its version).
  const internal = withDefaultIntegration(upgradeTo26(validated.request), account.defaultIntegration, svc.ns);
  const processed = hooks?.has('processed_auction_request')
    ? await hooks.run('processed_auction_request', { request: internal })
    : undefined;
  if (processed?.reject)
    return rejected(
      { request: processed.payload.request, account },
      processed.reject,
      hooks as RequestHooks,
      svc,
    );
  const multibid = prepareMultibid(processed?.payload.request ?? internal, svc.ns);
  if (multibid.error) return { status: 400, errors: [multibid.error] };
  const codeErrors = alternateCodesErrors(multibid.request, svc.ns);
  if (codeErrors.length) return { status: 400, errors: codeErrors };
  const deadline = computeDeadline(validated.request.tmax, startMonotonic, svc.deadline);
  const ctx = createAuctionContext({
    ns: svc.ns,
    endpoint: input.endpoint,
    request: withEffectiveTmax(multibid.request, deadline.tmaxMs),
    account,
    http: input.http,
    startedAt,
    bidderDeadline: deadline.bidderDeadline,
    warnings: [...filled.warnings, ...validated.warnings, ...multibid.warnings],
    warnUnlessDebugging: svc.warnUnlessDebugging === true,
  });
  const held: HeldAuction = {
    ctx,
    storedAuctionResponses: stored.storedAuctionResponses,
    tmaxMs: deadline.tmaxMs,
    ...(stored.storedBidResponses ? { storedBidResponses: stored.storedBidResponses } : {}),
    ...(hooks ? { hooks } : {}),
  };
  const ran = await holdAuction(held, svc);
  svc.telemetry?.auctionDone(ran.ctx, ran.response, svc.clock.monotonic() - startMonotonic);
  return { status: 200, response: ran.response, ctx: ran.ctx };
}

/** Stored data resolved, then the host default request merged under the result. */
type StoredAndDefault =
  | { errors: string[] }
  | {
      request: BidRequest;
      storedAuctionResponses: HeldAuction['storedAuctionResponses'];
      storedBidResponses: HeldAuction['storedBidResponses'];
    };

async function storedAndDefault(incoming: BidRequest, svc: PipelineServices): Promise<StoredAndDefault> {
  const stored = svc.stored
    ? await resolveStored(incoming, withProps(svc.stored, { ns: svc.ns }))
    : { request: incoming, errors: [], storedAuctionResponses: new Map(), storedBidResponses: undefined };
  if (stored.errors.length) return { errors: stored.errors };
  if (!svc.defaultRequest.ok) return { errors: ['Invalid JSON Document'] };
  return {
    request: applyDefaultRequest(stored.request, svc.defaultRequest.value),
    storedAuctionResponses: stored.storedAuctionResponses,
    storedBidResponses: stored.storedBidResponses,
  };
}

/** A whole request a module rejected: 200 with `{id, nbr, ext.<ns>.modules}` (G); `error` for analytics. */
function rejected(
  at: { request: BidRequest; account?: Account },
  reject: HookRejection,
  hooks: RequestHooks,
  svc: PipelineServices,
): AuctionOutcome {
  const response = rejectedResponse(at.request, { ns: svc.ns, hooks, nbr: reject.nbr });
  return Object.assign({ status: 'rejected' as const, response, error: reject.message }, at);
}

/** Steps 5–7: per-bidder copies, privacy, then the bidder layer (or the stored auction responses). */
async function requestBids(ctx: AuctionContext, held: HeldAuction, svc: PipelineServices) {
  const fpd = firstPartyData(ctx, svc.registry);
  const split = splitBidders(ctx, {
    registry: svc.registry,
    storedAuctionImps: new Set(held.storedAuctionResponses.keys()),
    ...(svc.hostSchainNode ? { hostSchainNode: svc.hostSchainNode } : {}),
    ...(fpd ? { fpd } : {}),
  });
  // 5 privacy (notes §19): refused bidders are not called (warning 10017), the others get scrubbed copies
  const enforcement = privacyOf(ctx, svc);
  const signals = await privacySignals(
    ctx,
    enforcement?.settings ?? DEFAULT_PRIVACY_SETTINGS,
    svc.vendorLists,
  );
  const privacy = enforcePrivacy(ctx.request, split.requests, {
    ns: svc.ns,
    registry: svc.registry,
    signals,
    ...(enforcement ? { enforcement } : {}),
    ...(svc.telemetry ? { observer: svc.telemetry } : {}),
  });
  const floored = floorsPerBidder(ctx, privacy.allowed).map((br) =>
    withStoredBids(br, held.storedBidResponses),
  );
  const timed = adjustBidderTmax(ctx, floored, svc.tmaxAdjustments, svc.clock);
  const staged = await bidderRequestStage(held.hooks, timed.requests);
  const requests = staged.requests;
  let layer: BidderLayerResult;
  if (held.storedAuctionResponses.size > 0) {
    const seats = seatsFromStoredAuction(ctx, held.storedAuctionResponses);
    layer = await priceSeats(ctx, seats, svc.money.serverRates);
  } else {
    const call = svc.bidderLayer ?? defaultLayer(svc);
    layer = await call(ctx, requests, rawBidderResponseStage(held.hooks));
  }
  return {
    layer: withProps(layer, {
      seats: [...layer.seats, ...privacy.refused, ...timed.refused, ...staged.refused],
    }),
    errors: split.errors,
    bidderWarnings: split.bidderWarnings,
    warnings: [...split.warnings, ...privacy.warnings, ...(layer.warnings ?? [])],
  };
}

function privacyOf(ctx: AuctionContext, svc: PipelineServices): PrivacyEnforcement | undefined {
  return withActivityControls(ctx, withAccountPrivacy(ctx, svc.privacy), svc.activities);
}

const layers = new WeakMap<PipelineServices, BidderLayer>();
function defaultLayer(svc: PipelineServices): BidderLayer {
  let layer = layers.get(svc);
  if (!layer) {
    layer = createBidderLayer({
      registry: svc.registry,
      transport: svc.transport,
      clock: svc.clock,
      adapterContext: svc.adapterContext,
      ...(svc.money.serverRates ? { serverRates: svc.money.serverRates } : {}),
      ...(svc.telemetry ? { telemetry: svc.telemetry } : {}),
    });
    layers.set(svc, layer);
  }
  return layer;
}

function withStoredBids(br: BidderRequest, storedBids: HeldAuction['storedBidResponses']): BidderRequest {
  const bodies = storedBids?.bodies[br.bidder] ?? storedBids?.bodies[br.adapterCode];
  if (!bodies) return br;
  const replace = storedBids?.replaceImpId[br.bidder] ?? storedBids?.replaceImpId[br.adapterCode];
  return withProps(br, { storedBidResponses: bodies, ...(replace ? { storedReplaceImpId: replace } : {}) });
}

/** Steps 9–11: ranking, caching, targeting over priced bids. */
async function settleBids(ctx: AuctionContext, priced: AuctionBid[], svc: PipelineServices) {
  const decorated = decorateEvents(ctx, priced, svc.events);
  const ranked = rankBids(ctx, decorated.bids);
  const cached = await cacheBids(ctx, ranked.bids, svc.money);
  const targeted = await writeTargeting(ctx, cached.bids, svc.money);
  const errors = mergeIssues([decorated.errors, ranked.errors, cached.errors, targeted.errors]);
  return { bids: targeted.bids, errors, warnings: targeted.warnings };
}

/** Issue maps (key → list) joined key by key, in order; empty lists leave no key. */
function mergeIssues(maps: readonly Readonly<Record<string, readonly ResponseIssue[]>>[]) {
  const out: Record<string, ResponseIssue[]> = {};
  for (const more of maps)
    for (const [k, v] of Object.entries(more)) if (v.length) (out[k] ??= []).push(...v);
  return out;
}

/** What the auction core answers: the response, and the bids it dropped (seat-non-bid). */
export interface HoldResult {
  response: BidResponse;
  /** Every dropped bid by seat, whether or not the request asked for it (`returnallbidstatus`). */
  seatNonBid: SeatNonBid[];
  /** The context the core bid with (server info, floors signalled, default DSA): what analytics get. */
  ctx: AuctionContext;
}

/**
 * The auction core (upstream's HoldAuction): from a validated request in its context to the bid
 * response. The exchange conformance family enters here with mocked bidders (`svc.bidderLayer`).
 */
export async function holdAuction(held: HeldAuction, svc: PipelineServices): Promise<HoldResult> {
  const converter = createConverter(
    selectRateSources(readRequestCurrency(held.ctx.request.ext, held.ctx.ns), svc.money.serverRates),
  );
  const signalled = signalFloors(addServerInfo(held.ctx, svc.serverInfo), svc.floors, converter);
  const ctx = addDefaultDsa(signalled.ctx);
  const asked = await requestBids(ctx, held, svc);
  const floored = enforceBidFloors(ctx, asked.layer.bids, svc.floors, converter);
  const mapped = await mapCategories(ctx, floored.bids, svc.categories);
  const validated = validateBidResponses(ctx, mapped.bids, svc.bidValidation);
  const processedBids = await processedBidsStage(held.hooks, validated.bids);
  const settled = await settleBids(ctx, processedBids, svc);
  const nsIssues = { [ctx.ns]: [...signalled.errors, ...floored.errors, ...mapped.errors] };
  const errors = mergeIssues([asked.errors, asked.layer.errors, nsIssues, validated.errors, settled.errors]);
  const built = buildResponse(ctx, {
    bids: settled.bids,
    seats: asked.layer.seats,
    errors,
    generalWarnings: [...ctx.warnings, ...asked.warnings, ...settled.warnings],
    nsWarnings: floored.warnings,
    bidderWarnings: mergeIssues([asked.bidderWarnings, validated.warnings]),
    tmaxMs: held.tmaxMs,
  });
  const response = await auctionResponseStage(ctx, held.hooks, addAdServerTargeting(ctx, built));
  const rejected: RejectedBid[] = [...floored.rejected, ...mapped.rejected, ...validated.rejected];
  const seatNonBid = seatNonBids(rejected);
  return { response: withSeatNonBid(ctx, response, seatNonBid), seatNonBid, ctx };
}
