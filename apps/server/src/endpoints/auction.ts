// POST /openrtb2/auction (contract "POST /openrtb2/auction", "Errors"; notes §7): HTTP ↔ pipeline
// mapping only. 400/503 bodies are one `Invalid request: <message>` line per error (text/plain).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isGavelError, type Clock } from '@gavel/common';
import { runAuction, type AuctionOutcome, type PipelineServices } from '../auction/pipeline.js';
import { auctionEventFields } from '../auction/steps/analytics-event.js';
import type { BidRequest } from '../openrtb/types.js';
import { httpFactsOf } from './http-facts.js';
import { acceptRawBodies, parseJsonObject, readBodyText } from './request-body.js';
import { JSON_UTF8, jsonBody } from './json-body.js';

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

/** The analytics record of one auction answer (never throws, never waits). */
function recordAuction(pipeline: PipelineServices, outcome: AuctionOutcome): void {
  const analytics = pipeline.analytics;
  if (!analytics) return;
  if (outcome.status === 200)
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
        const text = await readBodyText(req, { limitBytes: opts.bodyLimitBytes, gzip: opts.gzipEnabled });
        const body = parseJsonObject(text);
        const outcome = await runAuction(
          {
            endpoint: 'auction',
            request: body as unknown as BidRequest,
            http: httpFactsOf(req),
            startMonotonic,
          },
          opts.pipeline,
        );
        recordAuction(opts.pipeline, outcome);
        if (outcome.status !== 200) return sendErrorLines(reply, outcome.status, outcome.errors);
        return reply.code(200).type(JSON_UTF8).send(jsonBody(outcome.response));
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
