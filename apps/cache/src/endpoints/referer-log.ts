// Referer sampling shared by both cache endpoints: hosts learn which pages fetch creatives.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheRouteContext } from './context.js';

/** A FastifyRequest or a fast-path request; `log` is read only when a line is written. */
export interface RefererLogRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly log: FastifyBaseLogger;
}

export function maybeLogReferer(req: RefererLogRequest, ctx: CacheRouteContext): void {
  if (ctx.refererSamplingRate <= 0 || ctx.random() >= ctx.refererSamplingRate) return;
  const referer = req.headers.referer;
  if (referer) req.log.info(`${req.method} request Referer header: ${referer}`);
}
