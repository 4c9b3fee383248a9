// Mounts the cache endpoints in their own encapsulated scope (the body parser override stays
// local): GET on the public port; POST on the public port unless public writes are off, and
// always on the admin port, where hosts may write from inside their network.
import type { FastifyInstance } from 'fastify';
import type { CacheRouteContext } from './context.js';
import { registerGetRoute } from './get.js';
import { registerPutRoute } from './put.js';

export async function registerCacheRoutes(
  app: FastifyInstance,
  ctx: CacheRouteContext,
  routes: { get: boolean; put: boolean },
): Promise<void> {
  await app.register(async (scope) => {
    if (routes.put) registerPutRoute(scope, ctx);
    if (routes.get) registerGetRoute(scope, ctx);
  });
}
