// Composition root of the cache service: config → app → both ports.
import { readVersionInfo, runService } from '@gavel/common';
import { CacheConfigSchema, CACHE_ENV_PREFIX } from './config/schema.js';
import { createCacheApp } from './app.js';

await runService({
  name: 'gavel-cache',
  schema: CacheConfigSchema,
  envPrefix: CACHE_ENV_PREFIX,
  logLevel: (c) => c.log.level as 'info',
  drainTimeoutMs: (c) => c.shutdown['drain-timeout-ms'],
  start: async (config, logger) => {
    const app = await createCacheApp(config, {
      logger,
      version: readVersionInfo(new URL('../package.json', import.meta.url)),
    });
    return {
      listeners: [
        { name: 'public', app: app.publicApp, host: config.host, port: config.port },
        { name: 'admin', app: app.adminApp, host: config.admin.host, port: config.admin.port },
      ],
      closeResources: app.closeResources,
    };
  },
});
