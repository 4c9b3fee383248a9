// The two Fastify instances every Gavel service starts from (public + admin), with the metrics
// registry and readiness they share; each service adds its own routes to them.
import type { FastifyInstance } from 'fastify';
import type { Clock, IdSource } from '../clock.js';
import type { Logger } from '../logger.js';
import { createServiceMetrics, type ServiceMetrics } from '../metrics.js';
import type { VersionInfo } from '../version.js';
import { createAdminApp, createPublicApp, type HttpServerTimeouts } from './create-app.js';
import { createReadiness, type Readiness } from './readiness.js';

/** What every service's createApp accepts; services extend it with their own seams. */
export interface ServiceDeps {
  logger: Logger;
  version: VersionInfo;
  clock?: Clock;
  ids?: IdSource;
  metrics?: ServiceMetrics;
  readiness?: Readiness;
}

/** The config keys of `serviceSections` the HTTP instances read. */
export interface ServiceHttpConfig {
  status: { response: string };
  log: { requests: boolean };
  /** Absent in hand-built test configs: Node's and Fastify's defaults then. */
  'http-server'?: HttpServerTimeouts;
  /** Absent in hand-built test configs: the section's default then. */
  metrics?: { 'event-loop-resolution-ms': number };
}

export interface ServiceApps {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  metrics: ServiceMetrics;
  readiness: Readiness;
}

export async function createServiceApps(
  config: ServiceHttpConfig,
  deps: ServiceDeps,
  options: { metricsPrefix: string; bodyLimitBytes: number },
): Promise<ServiceApps> {
  const metrics =
    deps.metrics ??
    createServiceMetrics({
      prefix: options.metricsPrefix,
      collectProcess: true,
      eventLoopResolutionMs: config.metrics?.['event-loop-resolution-ms'],
    });
  const readiness = deps.readiness ?? createReadiness();
  const common = {
    logger: deps.logger,
    readiness,
    metrics,
    version: deps.version,
    status: { response: config.status.response },
    logRequests: config.log.requests,
    timeouts: config['http-server'],
  };
  const publicApp = await createPublicApp({ ...common, bodyLimitBytes: options.bodyLimitBytes });
  const adminApp = await createAdminApp(common);
  return { publicApp, adminApp, metrics, readiness };
}
