// What createApp (app.ts) calls: the telemetry over the service registry, and the start-up line.
import type { Clock, Logger, ServiceMetrics } from '@gavel/common';
import type { ServerConfig } from '../config/schema.js';
import type { BidderRegistry } from '../bidders/registry.js';
import type { CacheStats } from '../stored/with-cache.js';
import { knownAccounts } from '../stored/with-metrics.js';
import { createServerTelemetry, type ServerTelemetry } from './telemetry.js';
import { logBackends } from './startup-log.js';

export function serverTelemetry(o: {
  logger: Logger;
  clock: Clock;
  metrics: ServiceMetrics;
  registry: BidderRegistry;
  storedData: { stats(): CacheStats };
}): ServerTelemetry {
  return createServerTelemetry({
    registry: o.metrics.registry,
    logger: o.logger,
    clock: o.clock,
    bidderCodes: o.registry.all().map((b) => b.code),
    knownAccounts: knownAccounts(o.metrics.registry),
    storedCacheStats: () => o.storedData.stats(),
  });
}

/** The one info line naming the back-ends (startup-log.ts). */
export function logServerBackends(
  config: ServerConfig,
  deps: { logger: Logger; storedSources?: readonly unknown[]; transport?: unknown },
  built: { cacheClient?: { endpoint: string }; analytics?: { adapterNames: readonly string[] } },
): void {
  logBackends(deps.logger, config, {
    ...(built.cacheClient ? { cacheEndpoint: built.cacheClient.endpoint } : {}),
    analyticsAdapters: built.analytics?.adapterNames ?? [],
    extraStoredSources: deps.storedSources?.length ?? 0,
    customTransport: deps.transport !== undefined,
  });
}
