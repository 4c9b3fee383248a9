// createApp(config, deps): the auction server's public and admin instances — what tests drive
// with inject(). Everything stateful is created here (or in main.ts) and closed by closeResources.
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
import type { ServerConfig } from './config/schema.js';

export interface ServerDeps {
  logger: Logger;
  version: VersionInfo;
  clock?: Clock;
  ids?: IdSource;
  metrics?: ServiceMetrics;
  readiness?: Readiness;
}

export interface ServerApp {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  /** Closes pools, timers and clients (the HTTP instances are closed by their owner). */
  closeResources: () => Promise<void>;
}

export async function createApp(config: ServerConfig, deps: ServerDeps): Promise<ServerApp> {
  const metrics = deps.metrics ?? createServiceMetrics({ prefix: 'gavel_', collectProcess: true });
  const readiness = deps.readiness ?? createReadiness();
  const common = {
    logger: deps.logger,
    readiness,
    metrics,
    version: deps.version,
    status: { response: config.status.response },
    logRequests: config.log.requests,
  };
  const publicApp = await createPublicApp({ ...common, bodyLimitBytes: config['max-request-size'] });
  const adminApp = await createAdminApp(common);
  void (deps.clock ?? systemClock);
  void (deps.ids ?? randomIds);
  return { publicApp, adminApp, closeResources: async () => {} };
}
