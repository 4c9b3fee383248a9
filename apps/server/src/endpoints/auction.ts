// POST /openrtb2/auction (contract "POST /openrtb2/auction", "Errors"; notes §7): HTTP ↔ pipeline
// mapping only. 400/503 bodies are one `Invalid request: <message>` line per error (text/plain).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGavelError, type Clock } from '@gavel/common';
import { runAuction, type AuctionOutcome, type PipelineServices } from '../auction/pipeline.js';
import { auctionEventFields } from '../auction/steps/analytics-event.js';
import type { BidRequest } from '../openrtb/types.js';
import { httpFactsOf } from './http-facts.js';
import { acceptRawBodies, parseJsonObject, readBodyText } from './request-body.js';
import { entrypoint, sendThroughExitpoint } from './module-stages.js';
import { rejectedResponse } from '../auction/steps/module-stages.js';

export interface AuctionRouteOptions {
  pipeline: PipelineServices;
  clock: Clock;
  bodyLimitBytes: number;
  gzipEnabled: boolean;
  /** Value of the `X-Prebid` response header, e.g. `gavel/1.2.3`. */
  serverHeader: string;
}

export function sendErrorLines(reply: FastifyReply, status: number, lines: readonly string[]): FastifyReply {
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(lines.map((l) => `Invalid request: ${l}\n`).join(''));
}

const PATH = '/openrtb2/auction';

/** The request id of a body a module rejected before it was read (best effort). */
function idOf(text: string): BidRequest {
  try {
    const doc = JSON.parse(text) as unknown;
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) return doc as BidRequest;
  } catch {
    // not JSON: the answer has an empty id
  }
  return { id: '', imp: [] };
}

async function answerAuction(
  req: FastifyRequest,
  reply: FastifyReply,
  o: { opts: AuctionRouteOptions; startMonotonic: number },
): Promise<FastifyReply> {
  const { opts } = o;
  const hooks = opts.pipeline.hooks?.forRequest({ endpoint: PATH });
  const received = await readBodyText(req, { limitBytes: opts.bodyLimitBytes, gzip: opts.gzipEnabled });
  const entry = await entrypoint(hooks, req, { endpoint: PATH, body: received });
  if (entry.reject && hooks) {
    const response = rejectedResponse(idOf(entry.body), {
      ns: opts.pipeline.ns,
      hooks,
      nbr: entry.reject.nbr,
    });
    return sendThroughExitpoint(reply, hooks, { endpoint: PATH, body: response });
  }
  const body = parseJsonObject(entry.body);
  const outcome = await runAuction(
    {
      endpoint: 'auction',
      request: body as unknown as BidRequest,
      http: httpFactsOf(req),
      startMonotonic: o.startMonotonic,
      ...(hooks ? { hooks } : {}),
    },
    opts.pipeline,
  );
  // Analytics serialise the event when they take it: recorded once the answer is on its way.
  const sent =
    outcome.status !== 200 && outcome.status !== 'rejected'
      ? sendErrorLines(reply, outcome.status, outcome.errors)
      : await sendThroughExitpoint(reply, hooks, { endpoint: PATH, body: outcome.response });
  recordAuction(opts.pipeline, outcome);
  return sent;
}

/** The analytics record of one auction answer (never throws, never waits). */
function recordAuction(pipeline: PipelineServices, outcome: AuctionOutcome): void {
  const analytics = pipeline.analytics;
  if (!analytics) return;
  if (outcome.status === 'rejected')
    analytics.record({
      kind: 'auction',
      status: 200,
      errors: [],
      response: outcome.response,
      startedAt: pipeline.clock.now(),
    });
  else if (outcome.status === 200)
    analytics.record(
      Object.assign(auctionEventFields(outcome.ctx, outcome.response, pipeline.activities), {
        kind: 'auction' as const,
      }),
    );
  else
    analytics.record({
      kind: 'auction',
      status: outcome.status,
      errors: outcome.errors,
      startedAt: pipeline.clock.now(),
    });
}

export async function registerAuctionRoute(app: FastifyInstance, opts: AuctionRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.post('/openrtb2/auction', async (req, reply) => {
      // The budget starts when the request arrived, not when its body was read.
      const startMonotonic = opts.clock.monotonic() - reply.elapsedTime;
      reply.header('x-prebid', opts.serverHeader);
      try {
        return await answerAuction(req, reply, { opts, startMonotonic });
      } catch (err) {
        if (isGavelError(err) && err.status === 413) throw err;
        // Catalogue errors keep their status, in the one error format (G: a malformed account is a
        // 500 with an `Invalid request:` line too).
        if (isGavelError(err)) return sendErrorLines(reply, err.status, [err.message]);
        req.log.error({ err }, 'auction failed');
        const message = err instanceof Error ? err.message : String(err);
        return reply
          .code(500)
          .type('text/plain; charset=utf-8')
          .send(`Critical error while running the auction: ${message}\n`);
      }
    });
  });
}
