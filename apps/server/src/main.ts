// Composition root of the auction server: config → app → public and admin ports.
import cluster from 'node:cluster';
import { loadConfig, readVersionInfo, runService, serviceListeners } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from './config/schema.js';
import { createApp } from './app.js';
import { resolveWorkerCount, runClusterPrimary } from './cluster-primary.js';

// `workers` (issue 8): the primary only forks; each worker runs the server below on the shared
// ports. A config the loader rejects (or --check-config) falls through to runService, which reports it.
const workers = cluster.isPrimary ? primaryWorkerCount() : 0;
if (workers > 0)
  runClusterPrimary({ workers, log: (line) => process.stderr.write(`gavel-server ${line}\n`) });
else
  await runService({
    name: 'gavel-server',
    schema: ServerConfigSchema,
    envPrefix: SERVER_ENV_PREFIX,
    start: async (config, logger) => {
      const app = await createApp(config, {
        logger,
        version: readVersionInfo(import.meta.url),
      });
      return { listeners: serviceListeners(config, app), closeResources: app.closeResources };
    },
  });

function primaryWorkerCount(): number {
  try {
    const loaded = loadConfig(ServerConfigSchema, {
      argv: process.argv.slice(2),
      env: process.env,
      envPrefix: SERVER_ENV_PREFIX,
    });
    return loaded.checkOnly ? 0 : resolveWorkerCount(loaded.config.workers);
  } catch {
    return 0;
  }
}
