// Composition root of the auction server: config → app → public and admin ports.
import cluster from 'node:cluster';
import { loadConfig, readVersionInfo, runService, serviceListeners } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from './config/schema.js';
import { createApp } from './app.js';
import { resolveWorkerCount, runClusterPrimary } from './cluster-primary.js';
import { checkServerConfig } from './check-config.js';

/** GAVEL_* variables that are not config keys: the cache service's, the tests', the build's. */
const IGNORED_ENV = ['GAVEL_CACHE_SVC_', 'GAVEL_TEST_', 'GAVEL_REVISION'];

// `workers` (issue 8): the primary only forks; each worker runs the server below on the shared
// ports. A config the loader rejects (or --check-config) falls through to runService, which reports it.
const primary = cluster.isPrimary ? primarySettings() : undefined;
if (primary && primary.workers > 0)
  runClusterPrimary({
    workers: primary.workers,
    actionTimeoutMs: primary.actionTimeoutMs,
    log: (line) => process.stderr.write(`gavel-server ${line}\n`),
  });
else
  await runService({
    name: 'gavel-server',
    schema: ServerConfigSchema,
    envPrefix: SERVER_ENV_PREFIX,
    ignoreEnv: IGNORED_ENV,
    check: checkServerConfig,
    start: async (config, logger) => {
      const app = await createApp(config, {
        logger,
        version: readVersionInfo(import.meta.url),
      });
      return { listeners: serviceListeners(config, app), closeResources: app.closeResources };
    },
  });

function primarySettings(): { workers: number; actionTimeoutMs: number } | undefined {
  try {
    const loaded = loadConfig(ServerConfigSchema, {
      argv: process.argv.slice(2),
      env: process.env,
      envPrefix: SERVER_ENV_PREFIX,
      ignoreEnv: IGNORED_ENV,
    });
    const workers = loaded.checkOnly ? 0 : resolveWorkerCount(loaded.config.workers);
    // In a cluster the workers stay quiet about unknown variables: the primary says it once.
    if (workers > 0) for (const w of loaded.warnings) process.stderr.write(`gavel-server: warning: ${w}\n`);
    return { workers, actionTimeoutMs: loaded.config['admin-actions']['timeout-ms'] };
  } catch {
    return undefined;
  }
}
