// Fetched price floors (task H2; upstream Go floors/fetcher.go, Java floors/PriceFloorFetcher.java):
// per account, the floors data file at `price_floors.fetch.url` is fetched in the background,
// validated, kept while good, refreshed every period_sec and dropped after max_age_sec.
//
// Contract:
//   createFloorsFetcher(opts?: FloorsFetcherOptions): FloorsFetcher
//     fetcher.get({ id, fetch }): { data?, status, error? }   synchronous, never waits for the network
//       - fetch absent / enabled !== true / host disabled → status 'none'
//       - invalid fetch block (url, ranges)               → status 'error', error = the reason
//       - first call for the account (or a new url)       → status 'inprogress', fetch started
//       - later: last good data and status 'success'; while nothing good is held, the last
//         failure's status ('error' | 'timeout', with error) or 'inprogress'
//       `data` is the fetched PriceFloorData JSON object (what upstream puts under `floors.data`),
//       shared between requests: read-only.
//     fetcher.settled(): Promise<void>   resolves when nothing is in flight
//     fetcher.close(): Promise<void>     stops timers, aborts fetches, closes the HTTP pool
//   fetcherOptionsFromConfig(cfg)        host config section (config-section.ts) → options
//   validateFloorsData(data, limits)     the default validator (structural checks of upstream)
//   resolveFetchSettings(raw)            account block → effective settings or { error }
export { createFloorsFetcher } from './fetcher.js';
export { validateFloorsData } from './validate.js';
export { resolveFetchSettings, FETCH_DEFAULTS, type ResolvedFetchSettings } from './settings.js';
export { cacheTtlSec } from './download.js';
export { fetcherOptionsFromConfig, floorsFetchSection, floorsFetcherSchema } from './config-section.js';
export type {
  FetchAccount,
  FetchLogger,
  FetchOutcome,
  FetchResponse,
  FetchResult,
  FetchSettings,
  FetchStatus,
  FetchTimers,
  FetchTransport,
  FloorsFetcher,
  FloorsFetcherOptions,
  FloorsLimits,
  FloorsValidator,
} from './types.js';
