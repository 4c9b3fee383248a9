// The auction pipeline (architecture "The auction pipeline"): the only file that knows the order of
// the steps. Steps never call each other; each gets what it needs from here.
import type { Clock } from '@gavel/common';
import type { BidRequest, BidResponse } from '../openrtb/types.js';
import type { BidderRegistry } from '../bidders/registry.js';
import type { BidderTransport } from '../bidders/transport.js';
import type { RunAdapterEnv } from '../bidders/run-adapter.js';
import type { AuctionContext, Endpoint, ExtNamespace, HttpFacts, ResponseIssue } from './types.js';
import { computeDeadline, type DeadlineSettings } from './deadline.js';
import {
  accountIdOf,
  applyDefaultRequest,
  checkAccess,
  createAuctionContext,
  type AccessSettings,
  type DefaultRequest,
} from './context.js';
import { resolveStored, type ResolveStoredEnv } from './steps/resolve-stored.js';
import { resolveAccount, type ResolveAccountEnv } from './steps/resolve-account.js';
import type { Account } from '../accounts/types.js';
import { fillImplicitFields } from './steps/fill-implicit-fields.js';
import { validateRequest } from './steps/validate-request.js';
import { splitBidders } from './steps/split-bidders.js';
import { callBidders, seatsFromStoredAuction } from './steps/call-bidders.js';
import { validateBids } from './steps/validate-bids.js';
import { adjustBids } from './steps/adjust-bids.js';
import { convertCurrency, type ConvertCurrencyServices } from './steps/convert-currency.js';
import { rankBids } from './steps/rank-bids.js';
import { cacheBids, type CacheBidsServices } from './steps/cache-bids.js';
import { writeTargeting, type WriteTargetingServices } from './steps/write-targeting.js';
import { buildResponse } from './steps/build-response.js';
import { enforcePrivacy, type PrivacyEnforcement } from '../privacy/enforce-privacy.js';
import { withProps } from '@gavel/common';

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
}

export interface AuctionInput {
  endpoint: Endpoint;
  /** The parsed body (any JSON object; validation decides whether it is a bid request). */
  request: BidRequest;
  http: HttpFacts;
  /** Monotonic arrival time of the HTTP request (defaults to now). */
  startMonotonic?: number;
}

export type AuctionOutcome =
  | { status: 200; response: BidResponse; ctx: AuctionContext }
  /** Lines without the `Invalid request: ` prefix. */
  | { status: 400 | 503; errors: string[] };

function defaultAccount(id: string): Account {
  return { id, disabled: false, debugAllowed: true, cacheTtl: {}, eventsEnabled: false };
}

/** Catalogue errors (GavelError) thrown by steps carry their status; the endpoint maps them. */
export async function runAuction(input: AuctionInput, svc: PipelineServices): Promise<AuctionOutcome> {
  const startMonotonic = input.startMonotonic ?? svc.clock.monotonic();
  const startedAt = svc.clock.now();

  // 1 stored data, then the host default request under it
  const stored = svc.stored
    ? await resolveStored(input.request, withProps(svc.stored, { ns: svc.ns }))
    : {
        request: input.request,
        errors: [],
        storedAuctionResponses: new Map(),
        storedBidResponses: undefined,
      };
  if (stored.errors.length) return { status: 400, errors: stored.errors };
  if (!svc.defaultRequest.ok) return { status: 400, errors: ['Invalid JSON Document'] };
  const request = applyDefaultRequest(stored.request, svc.defaultRequest.value);

  // 2 account and access
  const accountId = accountIdOf(request);
  const account = svc.accounts ? await resolveAccount(accountId, svc.accounts) : defaultAccount(accountId);
  const refused = checkAccess(request, account, svc.access);
  if (refused.length) return { status: 503, errors: refused };

  // 3–4 implicit fields and validation
  const filled = fillImplicitFields(request, input.http, { ns: svc.ns, defaultTmax: svc.deadline.defaultMs });
  if (filled.errors.length) return { status: 400, errors: filled.errors };
  const validated = validateRequest(filled.request, { ns: svc.ns, registry: svc.registry });
  if (validated.errors.length) return { status: 400, errors: validated.errors };
  const deadline = computeDeadline(validated.request.tmax, startMonotonic, svc.deadline);
  const ctx = createAuctionContext({
    ns: svc.ns,
    endpoint: input.endpoint,
    request: withProps(validated.request, { tmax: deadline.tmaxMs }),
    account,
    http: input.http,
    startedAt,
    bidderDeadline: deadline.bidderDeadline,
    warnings: [...filled.warnings, ...validated.warnings],
  });

  // 6–7 per-bidder copies, fan-out (stored auction responses replace the calls)
  const split = splitBidders(ctx, { registry: svc.registry });
  // 5 privacy (notes §19): refused bidders are not called (warning 10017), the others get scrubbed copies
  const privacy = enforcePrivacy(ctx.request, split.requests, {
    ns: svc.ns,
    registry: svc.registry,
    ...(svc.privacy ? { enforcement: svc.privacy } : {}),
  });
  const storedBids = stored.storedBidResponses;
  const requests = privacy.allowed.map((br) => {
    const bodies = storedBids?.bodies[br.bidder] ?? storedBids?.bodies[br.adapterCode];
    if (!bodies) return br;
    const replace = storedBids?.replaceImpId[br.bidder] ?? storedBids?.replaceImpId[br.adapterCode];
    return withProps(br, { storedBidResponses: bodies, ...(replace ? { storedReplaceImpId: replace } : {}) });
  });
  const called =
    stored.storedAuctionResponses.size > 0
      ? seatsFromStoredAuction(ctx, stored.storedAuctionResponses)
      : await callBidders(ctx, requests, {
          registry: svc.registry,
          transport: svc.transport,
          clock: svc.clock,
          adapterContext: svc.adapterContext,
          rates: { server: svc.money.serverRates },
        });

  // 8–11 bid side
  const seats = validateBids(ctx, [...called, ...privacy.refused]);
  const errors: Record<string, ResponseIssue[]> = {};
  const collect = (more: Record<string, ResponseIssue[]>) => {
    for (const [k, v] of Object.entries(more)) (errors[k] ??= []).push(...v);
  };
  collect(split.errors);
  let bids = adjustBids(
    ctx,
    seats.flatMap((s) => s.bids),
  );
  const converted = await convertCurrency(ctx, bids, svc.money);
  collect(converted.errors);
  const ranked = rankBids(ctx, converted.bids);
  collect(ranked.errors);
  const cached = await cacheBids(ctx, ranked.bids, svc.money);
  collect(cached.errors);
  const targeted = await writeTargeting(ctx, cached.bids, svc.money);
  collect(targeted.errors);
  bids = targeted.bids;

  // 12 response
  const response = buildResponse(ctx, {
    bids,
    seats,
    errors,
    generalWarnings: [...ctx.warnings, ...split.warnings, ...privacy.warnings],
    tmaxMs: deadline.tmaxMs,
  });
  return { status: 200, response, ctx };
}
