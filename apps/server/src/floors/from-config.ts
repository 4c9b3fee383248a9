// The floors services of one server, built from the `price-floors` host section: the host switch,
// the periodic fetcher (only when fetching is enabled) and the random source of skip/enforce rates.
import type { Clock } from '@gavel/common';
import type { PriceFloorsConfig } from './config-section.js';
import { createFloorsFetcher, fetcherOptionsFromConfig } from './fetch/index.js';
import type { FloorsFetcher } from './fetch/index.js';

export interface FloorsRuntime {
  hostEnabled: boolean;
  fetcher?: FloorsFetcher;
  random: () => number;
}

export interface FloorsRuntimeDeps {
  clock: Clock;
  logger?: { warn: (obj: object, msg?: string) => void; debug: (obj: object, msg?: string) => void };
}

export function floorsFromConfig(cfg: PriceFloorsConfig, deps: FloorsRuntimeDeps): FloorsRuntime {
  const runtime: FloorsRuntime = { hostEnabled: cfg.enabled, random: Math.random };
  if (cfg.enabled && cfg.fetcher.enabled) {
    runtime.fetcher = createFloorsFetcher({
      ...fetcherOptionsFromConfig(cfg.fetcher),
      clock: deps.clock,
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
  }
  return runtime;
}
