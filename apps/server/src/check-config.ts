// --check-config of the auction server (issue 23): beyond the schema, everything createApp checks
// at start-up (bidder declarations, module plans, analytics, floors, default request, ...) is run
// by building the app once — with no port opened and no back-end reached: no bidder, cache or
// currency traffic, PostgreSQL neither listened to nor polled (its pool connects only on a query).
import { createLogger, readVersionInfo } from '@gavel/common';
import type { ServerConfig } from './config/schema.js';
import { createApp } from './app.js';
import type { BidderTransport } from './bidders/transport.js';

const noTransport: BidderTransport = {
  send: () => Promise.resolve({ kind: 'failure', message: 'check-config' }),
  close: () => Promise.resolve(),
};

/** The config with every background back-end activity switched off. */
function quiet(config: ServerConfig): ServerConfig {
  const copy = structuredClone(config);
  copy.settings.postgres.listen = false;
  copy.settings.postgres['refresh-interval-ms'] = 0;
  copy.privacy.gdpr.vendorlist['prefetch-latest'] = false;
  return copy;
}

/** Throws what the real start would throw on. */
export async function checkServerConfig(config: ServerConfig): Promise<void> {
  const app = await createApp(quiet(config), {
    logger: createLogger({ name: 'gavel-server', level: 'silent' }),
    version: readVersionInfo(import.meta.url),
    transport: noTransport,
    // The rates are not loaded: a check must not depend on the network.
    currencyRatesLoad: () => Promise.reject(new Error('check-config')),
    cacheTransport: () => Promise.reject(new Error('check-config')),
  });
  try {
    await Promise.all([app.publicApp.ready(), app.adminApp.ready()]);
  } finally {
    await app.closeResources();
    await Promise.all([app.publicApp.close(), app.adminApp.close()]);
  }
}
