// Every admin-port route of the auction server beyond /status, /version and /metrics, over one
// admin bus: in a cluster each action reaches every worker through the primary (issue 23), and
// /metrics answers for the whole server.
import type { FastifyInstance } from 'fastify';
import type { Logger, ServiceMetrics } from '@gavel/common';
import type { ServerConfig } from '../../config/schema.js';
import { createAdminBus } from '../../cluster/admin-bus.js';
import { installClusterMetrics } from '../../cluster/metrics.js';
import { registerCurrencyRatesRoute, type RatesView } from './currency-rates.js';
import { registerStoredInvalidate, type StoredInvalidator } from './stored-invalidate.js';
import { registerLoggingRoutes } from './logging-routes.js';
import { createLogLevelControl, type ChangeableLevel } from './log-level.js';
import { interactionLog, type InteractionSpec } from '../../bidders/interaction-log.js';

export interface AdminRouteDeps {
  config: ServerConfig;
  logger: Logger;
  metrics: ServiceMetrics;
  storedData: StoredInvalidator;
  serverRates: RatesView | undefined;
  /** Default: whether this process is a node:cluster worker. */
  clustered?: boolean;
}

export function registerAdminRoutes(adminApp: FastifyInstance, deps: AdminRouteDeps): { close(): void } {
  const o = deps.config['admin-actions'];
  const bus = createAdminBus(
    deps.clustered === undefined
      ? { timeoutMs: o['timeout-ms'] }
      : { timeoutMs: o['timeout-ms'], clustered: deps.clustered },
  );
  installClusterMetrics(bus, deps.metrics);
  registerCurrencyRatesRoute(adminApp, deps.serverRates, bus);
  registerStoredInvalidate(adminApp, deps.storedData, bus);

  const levels = createLogLevelControl(deps.logger);
  bus.register('log-level', (payload) => {
    const { level, durationMs } = payload as { level: ChangeableLevel; durationMs: number };
    levels.change(level, durationMs);
    return Promise.resolve(true);
  });
  bus.register('http-interaction', (payload) => {
    interactionLog.arm(payload as InteractionSpec, deps.logger);
    deps.logger.info({ spec: payload }, 'http interaction logging armed');
    return Promise.resolve(true);
  });
  registerLoggingRoutes(adminApp, bus, {
    maxDurationMs: o['changelevel-max-duration-ms'],
    maxLimit: o['httpinteraction-max-limit'],
  });
  return {
    close() {
      levels.close();
      bus.close();
    },
  };
}
