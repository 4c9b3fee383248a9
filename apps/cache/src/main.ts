// Composition root of the cache service: config → app → both ports.
import { readVersionInfo, runService, serviceListeners } from '@gavel/common';
import { CacheConfigSchema, CACHE_ENV_PREFIX } from './config/schema.js';
import { createCacheApp } from './app.js';

await runService({
  name: 'gavel-cache',
  schema: CacheConfigSchema,
  envPrefix: CACHE_ENV_PREFIX,
  start: async (config, logger) => {
    const app = await createCacheApp(config, {
      logger,
      version: readVersionInfo(import.meta.url),
    });
    return { listeners: serviceListeners(config, app), closeResources: app.closeResources };
  },
});
