// POST /openrtb2/auction (contract "POST /openrtb2/auction", "Errors"; notes §7): HTTP ↔ pipeline
// mapping only. 400/503 bodies are one `Invalid request: <message>` line per error (text/plain).
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import {
  isGavelError,
  toErrorAnswer,
  type Clock,
  type FastAnswer,
  type FastPostRoute,
  type FastRequest,
  type RepeatedBlocks,
} from '@gavel/common';
import { runAuction, type AuctionOutcome, type PipelineServices } from '../auction/pipeline.js';
import { auctionEventFields, rejectedEventFields } from '../auction/steps/analytics-event.js';
import type { BidRequest } from '../openrtb/types.js';
import { httpFactsOf, type HttpSource } from './http-facts.js';
import { acceptRawBodies, parseJsonObject, readBodyText, type BodySource } from './request-body.js';
import { entrypoint, exitpointAnswer } from './module-stages.js';
import { analyticsHookOutcomes, type RequestHooks } from '../modules/hooks/index.js';
import type { AuctionEvent } from '../analytics/index.js';
import { rejectedResponse } from '../auction/steps/module-stages.js';

export interface AuctionRouteOptions {
  pipeline: PipelineServices;
  clock: Clock;
  bodyLimitBytes: number;
  gzipEnabled: boolean;
  /** Value of the `X-Prebid` response header, e.g. `gavel/1.2.3`. */
  serverHeader: string;
  /** Blocks bodies repeat (the floors model), parsed once for all of them; absent → every body parsed whole. */
  bodyBlocks?: RepeatedBlocks;
}

export function sendErrorLines(reply: FastifyReply, status: number, lines: readonly string[]): FastifyReply {
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(lines.map((l) => `Invalid request: ${l}\n`).join(''));
}

const PATH = '/openrtb2/auction';

/**
 * The request of a body a module rejected before it was read (best effort): the body's object, or
 * — not a JSON object — an empty request as G marshals its zero BidRequest (`imp` null).
 */
function idOf(text: string): BidRequest {
  try {
    const doc = JSON.parse(text) as unknown;
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) return doc as BidRequest;
  } catch {
    // not JSON: the answer has an empty id
  }
  return { id: '', imp: null } as unknown as BidRequest;
}

/** What the auction reads of its request: a FastifyRequest, or the fast path's (`auctionFastRoute`). */
export interface AuctionHttpRequest extends BodySource, HttpSource {
  readonly log: FastifyBaseLogger;
}

/** The auction's answer, for the Fastify route and the fast path alike. */
export interface AuctionAnswer extends FastAnswer {
  headers: Readonly<Record<string, string>>;
}

const TEXT = 'text/plain; charset=utf-8';

function errorLines(
  status: number,
  lines: readonly string[],
  headers: AuctionAnswer['headers'],
): AuctionAnswer {
  return { status, contentType: TEXT, headers, body: lines.map((l) => `Invalid request: ${l}\n`).join('') };
}

async function exitAnswer(
  hooks: RequestHooks | undefined,
  o: { head: AuctionAnswer['headers']; body: unknown },
): Promise<AuctionAnswer> {
  const exit = await exitpointAnswer(hooks, { endpoint: PATH, body: o.body });
  const headers = hooks ? Object.assign({}, o.head, exit.headers) : o.head;
  return { status: 200, contentType: exit.contentType, headers, body: exit.body };
}

async function answerAuction(
  req: AuctionHttpRequest,
  o: { opts: AuctionRouteOptions; startMonotonic: number; head: AuctionAnswer['headers'] },
): Promise<AuctionAnswer> {
  const { opts, head } = o;
  const hooks = opts.pipeline.hooks?.forRequest({ endpoint: PATH });
  const received = await readBodyText(req, { limitBytes: opts.bodyLimitBytes, gzip: opts.gzipEnabled });
  const entry = await entrypoint(hooks, req, { endpoint: PATH, body: received });
  if (entry.reject && hooks) {
    // G reads the body as the stage left it into the request it logs and answers the id of.
    const request = idOf(entry.body);
    const response = rejectedResponse(request, { ns: opts.pipeline.ns, hooks, nbr: entry.reject.nbr });
    const rejected = await exitAnswer(hooks, { head, body: response });
    const outcome: AuctionOutcome = { status: 'rejected', response, error: entry.reject.message, request };
    rejected.sent = () => recordAuction(opts.pipeline, outcome, hooks);
    return rejected;
  }
  const body = parseJsonObject(entry.body, opts.bodyBlocks);
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
  const answer =
    outcome.status !== 200 && outcome.status !== 'rejected'
      ? errorLines(outcome.status, outcome.errors, head)
      : await exitAnswer(hooks, { head, body: outcome.response });
  // Analytics serialise the event when they take it: recorded once the answer is on its way.
  answer.sent = () => recordAuction(opts.pipeline, outcome, hooks);
  return answer;
}

/**
 * The answer to one auction request whose body is read; `elapsedMs` is the time since it arrived
 * (the budget starts then, not when its body was read). Never rejects.
 */
export async function auctionAnswer(
  req: AuctionHttpRequest,
  o: { opts: AuctionRouteOptions; elapsedMs: number },
): Promise<AuctionAnswer> {
  const { opts } = o;
  const head = { 'x-prebid': opts.serverHeader };
  const startMonotonic = opts.clock.monotonic() - o.elapsedMs;
  try {
    return await answerAuction(req, { opts, startMonotonic, head });
  } catch (err) {
    // 413 (a gzip body past the limit) as the error handler answers it; other catalogue errors
    // keep their status, in the one error format (G: a malformed account is a 500 with an
    // `Invalid request:` line too).
    if (isGavelError(err) && err.status === 413) {
      const e = toErrorAnswer(err);
      return { status: e.status, contentType: TEXT, headers: head, body: `${e.message}\n` };
    }
    if (isGavelError(err)) return errorLines(err.status, [err.message], head);
    req.log.error({ err }, 'auction failed');
    const message = err instanceof Error ? err.message : String(err);
    return {
      status: 500,
      contentType: TEXT,
      headers: head,
      body: `Critical error while running the auction: ${message}\n`,
    };
  }
}

/** The analytics record of one auction answer (never throws, never waits). */
function recordAuction(pipeline: PipelineServices, outcome: AuctionOutcome, hooks?: RequestHooks): void {
  const analytics = pipeline.analytics;
  if (!analytics) return;
  const hookOutcomes = analyticsHookOutcomes(hooks);
  const event: AuctionEvent =
    outcome.status === 'rejected'
      ? Object.assign(rejectedEventFields(outcome, pipeline.clock.now(), pipeline.activities), {
          kind: 'auction' as const,
        })
      : outcome.status === 200
        ? Object.assign(auctionEventFields(outcome.ctx, outcome.response, pipeline.activities), {
            kind: 'auction' as const,
          })
        : {
            kind: 'auction',
            status: outcome.status,
            errors: outcome.errors,
            startedAt: pipeline.clock.now(),
          };
  if (hookOutcomes) event.hookOutcomes = hookOutcomes;
  analytics.record(event);
}

export async function registerAuctionRoute(app: FastifyInstance, opts: AuctionRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.post(PATH, async (req, reply) => {
      const answer = await auctionAnswer(req, { opts, elapsedMs: reply.elapsedTime });
      for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
      void reply.code(answer.status).type(answer.contentType).send(answer.body);
      answer.sent?.();
      return reply;
    });
  });
}

/** Reads no query: a POST with one is Fastify's. */
const NO_QUERY = {};

/** A fast-path request seen as the auction's request. */
class FastAuctionRequest implements AuctionHttpRequest {
  readonly query = NO_QUERY;
  constructor(private readonly fast: FastRequest) {}
  get headers(): IncomingHttpHeaders {
    return this.fast.headers;
  }
  get body(): Buffer {
    return this.fast.body;
  }
  get socket(): { remoteAddress?: string | undefined } {
    return this.fast;
  }
  get log(): FastifyBaseLogger {
    return this.fast.log;
  }
}

/** POST /openrtb2/auction on the public port's fast path (common `installFastRoutes`). */
export function auctionFastRoute(opts: AuctionRouteOptions): FastPostRoute {
  return {
    path: PATH,
    handler: (req) => auctionAnswer(new FastAuctionRequest(req), { opts, elapsedMs: req.elapsedMs() }),
  };
}
