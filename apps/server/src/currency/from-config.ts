// Builds the server rates from the `currency.*` config section (issue 5 "Currency").
import type { Clock, Logger, Readiness, ServiceMetrics } from '@gavel/common';
import type { ServerConfig } from '../config/schema.js';
import { createServerRates, type ServerRates } from './server-rates.js';

export interface ServerRatesDeps {
  clock: Clock;
  logger: Logger;
  metrics?: ServiceMetrics;
  readiness?: Readiness;
  /** Test seam: replaces the HTTP/file read. */
  load?: (signal: AbortSignal) => Promise<string>;
}

/** Undefined when no rates are configured; call `start()` to begin loading. */
export function createServerRatesFromConfig(
  config: ServerConfig,
  deps: ServerRatesDeps,
): ServerRates | undefined {
  const c = config.currency;
  return createServerRates({
    // A local file, when given, replaces the URL (whose default is the public currency file).
    url: c['rates-file'] ? undefined : c['rates-url'] || undefined,
    file: c['rates-file'] || undefined,
    staticRates: c['static-rates'],
    refreshIntervalSeconds: c['refresh-interval-seconds'],
    staleAfterSeconds: c['stale-after-seconds'],
    fetchTimeoutMs: c['fetch-timeout-ms'],
    retryInitialMs: c['retry-initial-ms'],
    ...deps,
  });
}
