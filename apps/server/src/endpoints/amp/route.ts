// GET /openrtb2/amp (contract "GET /openrtb2/amp", "AMP response", "Errors" AMP tables; notes §15):
// query → AMP stored request → the shared auction pipeline → AMP body. HTTP mapping only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGavelError, withProps, type Clock, type IdSource } from '@gavel/common';
import { runAuction, type AuctionOutcome, type PipelineServices } from '../../auction/pipeline.js';
import { analyticsHookOutcomes, type RequestHooks } from '../../modules/hooks/index.js';
import type { ResponseIssue } from '../../auction/types.js';
import { loadAmpStoredRequest } from '../../stored/amp-request.js';
import type { StoredSource } from '../../stored/types.js';
import { httpFactsOf } from '../http-facts.js';
import { sendErrorLines } from '../auction.js';
import { entrypoint, sendThroughExitpoint } from '../module-stages.js';
import { rejectedResponse } from '../../auction/steps/module-stages.js';
import type { BidRequest, BidResponse } from '../../openrtb/types.js';
import { isHeaderValue, parseAmpQuery, type RawQuery } from './query.js';
import { buildAmpRequest } from './build-request.js';
import { auctionEventFields, rejectedEventFields } from '../../auction/steps/analytics-event.js';
import { toAmpResponse, type AmpResponseBody } from './response.js';
import type { AmpTimeoutSettings } from './timeout.js';

export interface AmpRouteOptions {
  pipeline: PipelineServices;
  store: StoredSource;
  clock: Clock;
  ids: IdSource;
  /** settings.generate-storedrequest-bidrequest-id */
  generateRequestId: boolean;
  timeout: AmpTimeoutSettings;
  /** Value of the `X-Prebid` response header. */
  serverHeader: string;
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** AMP CORS: the runtime checks this header against the page's origin (notes §15 "Response headers"). */
function setAmpHeaders(req: FastifyRequest, reply: FastifyReply, sourceOrigin: string | undefined): void {
  const origin = sourceOrigin ?? first(req.headers.origin);
  // Echoed only when it can be a header value (else Node throws ERR_INVALID_CHAR → 500); a bad
  // __amp_source_origin is a 400 of parseAmpQuery, a bad Origin header counts as absent.
  if (origin !== undefined && isHeaderValue(origin))
    reply.header('AMP-Access-Control-Allow-Source-Origin', origin);
  reply.header('Access-Control-Expose-Headers', 'AMP-Access-Control-Allow-Source-Origin');
}

const AMP_PATH = '/openrtb2/amp';

async function handleAmp(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: AmpRouteOptions,
): Promise<FastifyReply> {
  const startMonotonic = opts.clock.monotonic() - reply.elapsedTime;
  reply.header('x-prebid', opts.serverHeader);
  const hooks = opts.pipeline.hooks?.forRequest({ endpoint: AMP_PATH });
  const entry = await entrypoint(hooks, req, { endpoint: AMP_PATH, body: '' });
  const raw = (hooks ? entry.query : (req.query ?? {})) as RawQuery;
  const parsed = parseAmpQuery(raw);
  setAmpHeaders(req, reply, parsed.ok ? parsed.query.sourceOrigin : first(raw['__amp_source_origin']));
  if (!parsed.ok) return sendErrorLines(reply, 400, [parsed.error]);
  const q = parsed.query;
  const stored = await loadAmpStoredRequest(opts.store, q.tagId);
  if (!stored.ok) return sendErrorLines(reply, 400, [stored.error]);
  const built = buildAmpRequest(stored.request, q, {
    ns: opts.pipeline.ns,
    ids: opts.ids,
    generateRequestId: opts.generateRequestId,
    timeout: opts.timeout,
  });
  const request = withTrace(built.request, raw, opts.pipeline.ns);
  if (entry.reject && hooks) {
    const response = rejectedResponse(request, { ns: opts.pipeline.ns, hooks, nbr: entry.reject.nbr });
    const outcome: AuctionOutcome = { status: 'rejected', response, error: entry.reject.message };
    return answerAmp(reply, outcome, { opts, hooks, debug: false, warnings: [] });
  }
  const http = httpFactsOf(req);
  http.query = firstValues(raw);
  const outcome = await runAuction(
    { endpoint: 'amp', request, http, startMonotonic, ...(hooks ? { hooks } : {}) },
    opts.pipeline,
  );
  return answerAmp(reply, outcome, { opts, hooks, debug: q.debug, warnings: built.warnings });
}

/** The AMP answer of an auction outcome (rejected, refused or targeted), through the exitpoint. */
async function answerAmp(
  reply: FastifyReply,
  outcome: AuctionOutcome,
  o: { opts: AmpRouteOptions; hooks: RequestHooks | undefined; debug: boolean; warnings: ResponseIssue[] },
): Promise<FastifyReply> {
  const { opts, hooks } = o;
  const hookOutcomes = analyticsHookOutcomes(hooks);
  if (outcome.status === 'rejected') {
    // G logs the AMP object of a rejected request too: the `{nbr}` response, the module's error.
    opts.pipeline.analytics?.record(
      Object.assign(rejectedEventFields(outcome, opts.clock.now(), opts.pipeline.activities), {
        kind: 'amp' as const,
        hookOutcomes,
      }),
    );
    return sendThroughExitpoint(reply, hooks, {
      endpoint: AMP_PATH,
      body: rejectedAmp(outcome.response, opts.pipeline.ns),
    });
  }
  if (outcome.status !== 200) {
    opts.pipeline.analytics?.record({
      kind: 'amp',
      status: outcome.status,
      errors: outcome.errors,
      startedAt: opts.clock.now(),
      ...(hookOutcomes ? { hookOutcomes } : {}),
    });
    return sendErrorLines(reply, outcome.status, outcome.errors);
  }
  // Debug output only for `debug=1` / `test: 1` (G), not for a stored request's ext debug flag.
  const forwardDebug = o.debug || outcome.ctx.request.test === 1;
  const body = toAmpResponse(outcome.response, opts.pipeline.ns, o.warnings, forwardDebug);
  opts.pipeline.analytics?.record(
    Object.assign(auctionEventFields(outcome.ctx, outcome.response, opts.pipeline.activities), {
      kind: 'amp' as const,
      targeting: body.targeting,
      hookOutcomes,
    }),
  );
  // application/json (J), not G's text/plain: the body is JSON (docs/decisions.md).
  return sendThroughExitpoint(reply, hooks, { endpoint: AMP_PATH, body });
}

/** The `trace` query parameter becomes `ext.<ns>.trace` (G: module traces on AMP). */
function withTrace(request: BidRequest, raw: RawQuery, ns: string): BidRequest {
  const trace = first(raw['trace']);
  if (trace !== 'basic' && trace !== 'verbose') return request;
  const nsExt = (request.ext?.[ns] as Record<string, unknown> | undefined) ?? {};
  return withProps(request, { ext: withProps(request.ext, { [ns]: withProps(nsExt, { trace }) }) });
}

/** A rejected AMP request: no targeting, the module trace under `ortb2.ext.<ns>.modules` (G). */
function rejectedAmp(response: BidResponse, ns: string): AmpResponseBody {
  const nsExt = response.ext?.[ns] as Record<string, unknown> | undefined;
  return { targeting: {}, ortb2: { ext: nsExt?.['modules'] ? { [ns]: { modules: nsExt['modules'] } } : {} } };
}

/** The first value of each query parameter. */
function firstValues(raw: RawQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const one = Array.isArray(v) ? v[0] : v;
    if (typeof one === 'string') out[k] = one;
  }
  return out;
}

export function registerAmpRoute(app: FastifyInstance, opts: AmpRouteOptions): void {
  app.get('/openrtb2/amp', async (req, reply) => {
    try {
      return await handleAmp(req, reply, opts);
    } catch (err) {
      // Catalogue errors keep their status in the one error format (e.g. a malformed account 500).
      if (isGavelError(err)) return sendErrorLines(reply, err.status, [err.message]);
      req.log.error({ err }, 'amp auction failed');
      // Contract "AMP runtime errors": code 3 "Critical error." → internal server error.
      return reply.code(500).type('text/plain; charset=utf-8').send('Critical error.\n');
    }
  });
}
