// createCacheApp(config, deps): the cache service's public and admin instances, what tests drive.
import type { FastifyInstance } from 'fastify';
import {
  createAdminApp,
  createPublicApp,
  createReadiness,
  createServiceMetrics,
  randomIds,
  systemClock,
  type Clock,
  type IdSource,
  type Logger,
  type Readiness,
  type ServiceMetrics,
  type VersionInfo,
} from '@gavel/common';
import type { CacheConfig } from './config/schema.js';

export interface CacheDeps {
  logger: Logger;
  version: VersionInfo;
  clock?: Clock;
  ids?: IdSource;
  metrics?: ServiceMetrics;
  readiness?: Readiness;
}

export interface CacheApp {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  /** Closes backends and timers (the HTTP instances are closed by their owner). */
  closeResources: () => Promise<void>;
}

export async function createCacheApp(config: CacheConfig, deps: CacheDeps): Promise<CacheApp> {
  const metrics = deps.metrics ?? createServiceMetrics({ prefix: 'gavel_cache_', collectProcess: true });
  const readiness = deps.readiness ?? createReadiness();
  const common = {
    logger: deps.logger,
    readiness,
    metrics,
    version: deps.version,
    status: { response: config.status.response },
    logRequests: config.log.requests,
  };
  const publicApp = await createPublicApp({ ...common, bodyLimitBytes: config['max-request-bytes'] });
  const adminApp = await createAdminApp(common);
  void (deps.clock ?? systemClock);
  void (deps.ids ?? randomIds);
  return {
    publicApp,
    adminApp,
    closeResources: async () => {},
  };
}
