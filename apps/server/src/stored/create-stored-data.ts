// Builds the stored-data source from `settings.*`: withCache(firstOf([files, postgres, http]))
// (architecture "Seams"), with the PostgreSQL change feeds wired to the cache. Closed by the app.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@gavel/common';
import type { Registry } from 'prom-client';
import type { ServerConfig } from '../config/schema.js';
import { createFilesSource } from './files-source.js';
import { firstOf } from './first-of.js';
import { createHttpSource } from './http-source.js';
import { createPostgresSource } from './postgres/postgres-source.js';
import type { StoredKind, StoredSource } from './types.js';
import { withCache, type CacheStats } from './with-cache.js';
import { withMetrics } from './with-metrics.js';

export type StoredData = StoredSource & {
  stats(): CacheStats;
  invalidate(kind: StoredKind, ids?: readonly string[]): void;
  close(): Promise<void>;
};

/** The bundled example directory (apps/server/stored-data), found from src/ or dist/src/. */
export function bundledStoredDataDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'stored-data');
    dir = dirname(dir);
  }
  return resolve('apps/server/stored-data');
}

export interface StoredDataDeps {
  logger: Logger;
  /** Extra sources asked after the configured ones (tests, the conformance harness). */
  extraSources?: readonly StoredSource[];
  /** Prometheus registry of the service: lookups below the cache are counted and timed. */
  registry?: Registry;
}

export function createStoredData(settings: ServerConfig['settings'], deps: StoredDataDeps): StoredData {
  const sources: StoredSource[] = [];
  // Late-bound: the cache is built around the sources, and PostgreSQL's change feeds invalidate it.
  const onChange = { current: (_kind: StoredKind, _ids?: readonly string[]) => {} };
  if (settings.files.enabled) sources.push(createFilesSource(settings.files.dir || bundledStoredDataDir()));
  const pgs = settings.postgres;
  if (pgs.enabled) {
    sources.push(
      createPostgresSource({
        connectionString: pgs['connection-string'],
        schema: pgs.schema,
        poolSize: pgs['pool-size'],
        queryTimeoutMs: Math.max(settings['timeout-ms'], 1),
        refreshIntervalMs: pgs['refresh-interval-ms'],
        listen: pgs.listen,
        onChange: (kind, ids) => onChange.current(kind, ids),
        logger: deps.logger,
      }),
    );
  }
  if (settings.http.enabled && settings.http.endpoint !== '')
    sources.push(createHttpSource({ endpoint: settings.http.endpoint, timeoutMs: settings['timeout-ms'] }));
  sources.push(...(deps.extraSources ?? []));
  // Order: metrics see only what the cache could not answer (the cost that matters).
  const composed = firstOf(sources);
  const measured = deps.registry ? withMetrics(composed, deps.registry, 'gavel_') : composed;
  const cached = withCache(measured, {
    maxEntries: settings.cache['max-entries'],
    ttlMs: settings.cache['ttl-ms'],
    notFoundTtlMs: settings.cache['not-found-ttl-ms'],
  });
  onChange.current = (kind, ids) => cached.invalidate?.(kind, ids);
  return {
    fetch: (kind, ids, signal) => cached.fetch(kind, ids, signal),
    stats: () => cached.stats(),
    invalidate: (kind, ids) => cached.invalidate?.(kind, ids),
    close: async () => {
      await cached.close?.();
    },
  };
}
