// Composition root of the auction server: config → app → public and admin ports.
import { readVersionInfo, runService } from '@gavel/common';
import { ServerConfigSchema, SERVER_ENV_PREFIX } from './config/schema.js';
import { createApp } from './app.js';

await runService({
  name: 'gavel-server',
  schema: ServerConfigSchema,
  envPrefix: SERVER_ENV_PREFIX,
  logLevel: (c) => c.log.level as 'info',
  drainTimeoutMs: (c) => c.shutdown['drain-timeout-ms'],
  start: async (config, logger) => {
    const app = await createApp(config, {
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
