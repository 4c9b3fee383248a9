// GET /cache on the public port's fast path (common `installFastRoutes`): the same answer as
// the Fastify route (`answerGet`), without Fastify's per-request lifecycle (16–28% of a GET's
// CPU, docs/performance.md). Queries with `%`, `+` or `#` are left to the Fastify route, whose
// parser decodes them; so are HEAD, OPTIONS and every request once the port is closing.
import { installFastRoutes, plainQueryParam, type RouteTimings } from '@gavel/common';
import type { FastifyInstance } from 'fastify';
import type { CacheRouteContext } from './context.js';
import { answerGet } from './get.js';

export function installFastGet(app: FastifyInstance, ctx: CacheRouteContext, timings: RouteTimings): void {
  installFastRoutes(app, {
    timings,
    routes: [
      {
        path: '/cache',
        handler: (req) => {
          const uuid = plainQueryParam(req.query, 'uuid');
          return uuid === null ? undefined : answerGet(req, uuid, ctx);
        },
      },
    ],
  });
}
