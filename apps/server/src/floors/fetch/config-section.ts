// Host settings of the fetched-floors module: `price-floors.fetcher.*` (Go config.PriceFloorFetcher,
// Java price-floors fetcher settings). Account-level settings live in the account's
// `price_floors.fetch` block. The coordinator merges `fetcher` into the `price-floors` section.
import { Type, type Static } from '@sinclair/typebox';
import { section } from '@gavel/common';
import type { FloorsFetcherOptions } from './types.js';

export const floorsFetcherSchema = section(
  {
    enabled: Type.Boolean({
      default: true,
      description: 'Fetch floors data for accounts; accounts still need price_floors.fetch.enabled and a url',
    }),
    'cache-size': Type.Integer({
      minimum: 1,
      default: 300,
      description:
        'Accounts whose fetched floors are kept and refreshed at most; the least recently used is dropped',
    }),
    'max-retries': Type.Integer({
      minimum: 0,
      default: 10,
      description:
        'Quick retries (back-off from retry-initial-ms) after consecutive failures; then one try per period_sec',
    }),
    'retry-initial-ms': Type.Integer({
      minimum: 1,
      default: 10000,
      description:
        "First retry delay after a failed fetch; doubles per failure up to the account's period_sec",
    }),
    'max-connections-per-host': Type.Integer({
      minimum: 0,
      default: 0,
      description: 'Connections per floors host at most; 0 = no limit',
    }),
    'keep-alive-timeout-ms': Type.Integer({
      minimum: 1,
      default: 60000,
      description: 'Idle time after which a keep-alive connection to a floors host is closed',
    }),
  },
  'Fetched price floors (per-account floors data files)',
);

export const floorsFetchSection = {
  'price-floors': section({ fetcher: floorsFetcherSchema }, 'Price floors'),
};

export type FloorsFetcherConfig = Static<typeof floorsFetcherSchema>;

/** Host config → createFloorsFetcher options (add clock, logger, onOutcome as the server has them). */
export function fetcherOptionsFromConfig(cfg: FloorsFetcherConfig): FloorsFetcherOptions {
  return {
    enabled: cfg.enabled,
    cacheSize: cfg['cache-size'],
    maxRetries: cfg['max-retries'],
    retryInitialMs: cfg['retry-initial-ms'],
    http: {
      maxConnectionsPerHost: cfg['max-connections-per-host'],
      keepAliveTimeoutMs: cfg['keep-alive-timeout-ms'],
    },
  };
}
