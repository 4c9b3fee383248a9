// One info line at start-up naming the back-ends in use: where stored data comes from (files,
// PostgreSQL, HTTP, injected sources), the cache service the server writes to, the currency rates
// source and the analytics adapters. Secrets never appear: a connection string is reduced to its
// host, port and database.
import type { Logger } from '@gavel/common';
import type { ServerConfig } from '../config/schema.js';

export interface BackendParts {
  /** The cache client's endpoint, when one is configured. */
  cacheEndpoint?: string;
  /** Names of the active analytics adapters. */
  analyticsAdapters: readonly string[];
  /** Stored-data sources injected by the embedding code (tests, conformance). */
  extraStoredSources: number;
  /** The bidder transport was injected (tests, conformance). */
  customTransport: boolean;
}

/** `postgres://user:secret@db:5432/gavel?x` → `db:5432/gavel`; libpq key=value strings → host/dbname only. */
export function postgresTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname}`;
  } catch {
    const host = /(?:^|\s)host=(\S+)/.exec(connectionString)?.[1] ?? '';
    const db = /(?:^|\s)dbname=(\S+)/.exec(connectionString)?.[1] ?? '';
    return db ? `${host}/${db}` : host;
  }
}

/** HTTP endpoints without credentials or query (tokens travel there). */
function urlTarget(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

export function describeBackends(config: ServerConfig, parts: BackendParts): Record<string, unknown> {
  const s = config.settings;
  const stored: string[] = [];
  if (s.files.enabled) stored.push(`files:${s.files.dir || '(bundled examples)'}`);
  if (s.postgres.enabled) stored.push(`postgres:${postgresTarget(s.postgres['connection-string'])}`);
  if (s.http.enabled && s.http.endpoint !== '') stored.push(`http:${urlTarget(s.http.endpoint)}`);
  if (parts.extraStoredSources > 0) stored.push(`injected:${parts.extraStoredSources}`);
  const c = config.currency;
  const rates = c['rates-url']
    ? urlTarget(c['rates-url'])
    : c['rates-file']
      ? `file:${c['rates-file']}`
      : 'none';
  return {
    stored,
    cache: parts.cacheEndpoint ?? 'none',
    currencyRates: rates,
    analytics: [...parts.analyticsAdapters],
    bidderTransport: parts.customTransport ? 'injected' : 'undici',
  };
}

export function logBackends(logger: Logger, config: ServerConfig, parts: BackendParts): void {
  logger.info(describeBackends(config, parts), 'back-ends');
}
