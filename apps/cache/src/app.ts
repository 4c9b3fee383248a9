// createCacheApp(config, deps): the cache service's public and admin instances, what tests drive.
import type { FastifyInstance } from 'fastify';
import { createServiceApps, randomIds, systemClock, type ServiceDeps } from '@gavel/common';
import type { CacheConfig } from './config/schema.js';
import { createRawBackend, decorateBackend } from './backends/create-backend.js';
import { createCacheMetrics } from './backends/metrics.js';
import type { CacheBackend } from './backends/types.js';
import type { CacheRouteContext } from './endpoints/context.js';
import { installFastGet } from './endpoints/fast-get.js';
import { registerCacheRoutes } from './endpoints/routes.js';
import { registerCacheOpenApi } from './endpoints/openapi.js';

export interface CacheDeps extends ServiceDeps {
  /** A ready-made undecorated store (tests, conformance fakes); otherwise built from config. */
  backend?: CacheBackend;
  /** Uniform [0, 1) for referer sampling. */
  random?: () => number;
}

export interface CacheApp {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  /** Closes backends and timers (the HTTP instances are closed by their owner). */
  closeResources: () => Promise<void>;
  /** The decorated backend the endpoints use (limits + metrics applied). */
  backend: CacheBackend;
}

export async function createCacheApp(config: CacheConfig, deps: CacheDeps): Promise<CacheApp> {
  const { publicApp, adminApp, metrics, readiness } = await createServiceApps(config, deps, {
    metricsPrefix: 'gavel_cache_',
    bodyLimitBytes: config['max-request-bytes'],
  });
  registerCacheOpenApi({ publicApp, adminApp, config, version: deps.version.version });
  const clock = deps.clock ?? systemClock;
  const raw = deps.backend ?? createRawBackend(config, clock, readiness);
  const backend = decorateBackend(raw, config, createCacheMetrics(metrics.registry), clock);
  const limits = config['request-limits'];
  const ctx: CacheRouteContext = {
    backend,
    ids: deps.ids ?? randomIds,
    maxNumValues: limits['max-num-values'],
    allowSettingKeys: limits['allow-setting-keys'],
    errorMessages: config['error-messages'],
    refererSamplingRate: config['referer-sampling-rate'],
    random: deps.random ?? Math.random,
  };
  await registerCacheRoutes(publicApp, ctx, { get: true, put: config.routes['allow-public-write'] });
  // Per-request log lines (log.requests) are written by Fastify's lifecycle only: then every GET
  // takes the Fastify route.
  if (!config.log.requests) installFastGet(publicApp, ctx, metrics.httpDuration);
  await registerCacheRoutes(adminApp, ctx, { get: false, put: true });
  return {
    publicApp,
    adminApp,
    backend,
    closeResources: () => backend.close(),
  };
}
