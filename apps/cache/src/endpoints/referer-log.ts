// Referer sampling shared by both cache endpoints: hosts learn which pages fetch creatives.
import type { FastifyRequest } from 'fastify';
import type { CacheRouteContext } from './context.js';

export function maybeLogReferer(req: FastifyRequest, ctx: CacheRouteContext): void {
  if (ctx.refererSamplingRate <= 0 || ctx.random() >= ctx.refererSamplingRate) return;
  const referer = req.headers.referer;
  if (referer) req.log.info(`${req.method} request Referer header: ${referer}`);
}
