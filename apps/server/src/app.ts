// createApp(config, deps): the auction server's public and admin instances — what tests drive
// with inject(). Everything stateful is created here (or in main.ts) and closed by closeResources.
import type { FastifyInstance } from 'fastify';
import { createServiceApps, randomIds, systemClock, type ServiceDeps } from '@gavel/common';
import type { ServerConfig } from './config/schema.js';
import type { BidderModule } from './bidders/info.js';
import { builtInBidders } from './bidders/adapters/catalog.js';
import { genericOrtbAdapter } from './bidders/generic-ortb.js';
import { createBidderRegistry, type BidderRegistry } from './bidders/registry.js';
import { createUndiciTransport, type BidderTransport } from './bidders/transport.js';
import { parseDefaultRequest } from './auction/context.js';
import type { PipelineServices } from './auction/pipeline.js';
import { registerAuctionRoute } from './endpoints/auction.js';
import { registerInfoRoutes } from './endpoints/info.js';
import { registerAmpRoute } from './endpoints/amp/route.js';
import { registerVideoRoute } from './endpoints/video/route.js';
import { createServerRatesFromConfig } from './currency/from-config.js';
import { convertWithRates } from './currency/converter.js';
import { createCacheClientFromConfig } from './cache-client/from-config.js';
import type { CacheTransport } from './cache-client/cache-client.js';
import { registerCurrencyRatesRoute } from './endpoints/admin/currency-rates.js';
import { createStoredData } from './stored/create-stored-data.js';
import type { StoredSource } from './stored/types.js';
import { defaultsDocument } from './accounts/account-settings.js';
import { accountDefaultsFromConfig } from './floors/index.js';
import { floorsFromConfig } from './floors/from-config.js';
import { hostValidationSettings } from './bidvalidation/index.js';
import { hostActivities } from './privacy/activities/from-config.js';
import { createCategoryFetcherFromConfig } from './categories/index.js';
import { bundledStoredDataDir } from './stored/create-stored-data.js';
import { registerStoredInvalidate } from './endpoints/admin/stored-invalidate.js';
import { createPrivacyEnforcement } from './privacy/enforce-privacy.js';
import { privacySettingsFromConfig } from './privacy/settings.js';
import { registerUserSyncRoutes } from './endpoints/usersync/routes.js';
import { createUserSyncSettings } from './usersync/from-config.js';
import { registerEventRoutes } from './endpoints/events/index.js';
import { createBidIdGenerator, registryVastPolicy } from './events/auction/index.js';

export interface ServerDeps extends ServiceDeps {
  /** Bidder modules injected by tests / the conformance harness; they replace built-ins of the same code. */
  extraBidders?: readonly BidderModule[];
  /** Outgoing bidder HTTP; default: undici keep-alive pools per origin. */
  transport?: BidderTransport;
  /** Stored-data sources asked after the configured ones (tests, the conformance harness). */
  storedSources?: readonly StoredSource[];
  /** Replaces the currency rates URL/file read (tests, the conformance harness's rate service). */
  currencyRatesLoad?: (signal: AbortSignal) => Promise<string>;
  /** Replaces the cache service call (tests, the conformance harness's cache stub). */
  cacheTransport?: CacheTransport;
}

export interface ServerApp {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  /** Closes pools, timers and clients (the HTTP instances are closed by their owner). */
  closeResources: () => Promise<void>;
  /** The resolved bidder registry (for tools and tests). */
  registry: BidderRegistry;
}

export async function createApp(config: ServerConfig, deps: ServerDeps): Promise<ServerApp> {
  const { publicApp, adminApp, metrics, readiness } = await createServiceApps(config, deps, {
    metricsPrefix: 'gavel_',
    bodyLimitBytes: config['max-request-size'],
  });
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const auction = config.auction;

  const registry = createBidderRegistry({
    builtIns: builtInBidders,
    host: config.bidders,
    extra: deps.extraBidders ?? [],
    genericAdapter: genericOrtbAdapter,
  });
  const transport =
    deps.transport ??
    createUndiciTransport({
      connectionsPerOrigin: auction['bidder-connections'],
      keepAliveTimeoutMs: auction['bidder-keepalive-ms'],
      lingerMs: auction['bidder-linger-ms'],
    });
  const cache = config.cache;
  const storedData = createStoredData(config.settings, {
    logger: deps.logger,
    extraSources: deps.storedSources,
    registry: metrics.registry,
  });
  const serverRates = createServerRatesFromConfig(config, {
    clock,
    logger: deps.logger,
    metrics,
    readiness,
    load: deps.currencyRatesLoad,
  });
  serverRates?.start();
  const cacheClient = createCacheClientFromConfig(config, deps.cacheTransport);
  const floors = floorsFromConfig(config['price-floors'], {
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  registerCurrencyRatesRoute(adminApp, serverRates);
  const pipeline: PipelineServices = {
    ns: config['ext-namespace'],
    clock,
    registry,
    transport,
    deadline: {
      defaultMs: auction['tmax-default-ms'],
      maxMs: auction['tmax-max-ms'],
      marginMs: auction['tmax-margin-ms'],
    },
    access: {
      blockedApps: auction['blocked-apps'],
      blockedAccounts: auction['blocked-accounts'],
      accountRequired: auction['account-required'],
    },
    defaultRequest: parseDefaultRequest(auction['default-request']),
    adapterContext: {
      server: { externalUrl: config['external-url'], gvlId: 0, dataCenter: '' },
      convertCurrency: convertWithRates(serverRates),
      version: deps.version.version,
    },
    stored: {
      store: storedData,
      ids,
      generateRequestId: config.settings['generate-storedrequest-bidrequest-id'],
      canonicalBidder: (name) => registry.lookup(name)?.code,
    },
    accounts: {
      store: storedData,
      defaults: defaultsDocument(
        config.settings['default-account'],
        accountDefaultsFromConfig(config['price-floors']),
      ),
      unknownAccount: config.settings['unknown-account'],
    },
    money: {
      ...(serverRates ? { serverRates } : {}),
      ...(cacheClient ? { cacheClient } : {}),
      defaultTtl: cache['default-ttl-seconds'],
      cacheHost: cache['public-host'] || cache.host,
      cachePath: cache['public-path'],
      cacheKeysAlways: cache['targeting-host-path'] === 'always',
    },
    privacy: createPrivacyEnforcement(privacySettingsFromConfig(config.privacy)),
    ...(config['server-info-to-bidders']
      ? {
          serverInfo: {
            externalurl: config['external-url'],
            gvlid: config.privacy.gdpr['host-vendor-id'],
            datacenter: config.datacenter,
          },
        }
      : {}),
    warnUnlessDebugging: auction['debug-disabled-warning'] === 'unless-debugging',
    floors,
    bidValidation: hostValidationSettings(config.validations),
    activities: hostActivities(config['activity-controls']),
    categories: {
      fetcher: createCategoryFetcherFromConfig({
        config: config['category-mapping'],
        storedFilesDir: config.settings.files.dir || bundledStoredDataDir(),
      }),
      random: () => Math.random() < 0.5,
    },
    events: {
      externalUrl: config['external-url'],
      bidIds: createBidIdGenerator({ enabled: auction['generate-bid-id'] }),
      vastPolicy: registryVastPolicy(registry),
    },
    ...(auction['host-schain-node'] ? { hostSchainNode: auction['host-schain-node'] } : {}),
  };
  await registerAuctionRoute(publicApp, {
    pipeline,
    clock,
    bodyLimitBytes: config['max-request-size'],
    gzipEnabled: auction['gzip-enabled'],
    serverHeader: `gavel/${deps.version.version}`,
  });
  registerAmpRoute(publicApp, {
    pipeline,
    store: storedData,
    clock,
    ids,
    generateRequestId: config.settings['generate-storedrequest-bidrequest-id'],
    timeout: {
      defaultMs: config.amp['default-timeout-ms'],
      adjustmentMs: config.amp['timeout-adjustment-ms'],
      maxMs: config.amp['max-timeout-ms'],
    },
    serverHeader: `gavel/${deps.version.version}`,
  });
  await registerVideoRoute(publicApp, {
    pipeline,
    store: storedData,
    clock,
    ids,
    enabled: config.video.enabled,
    storedRequestRequired: config.video['stored-request-required'],
    defaultTmaxMs: config.video['default-tmax-ms'],
    bodyLimitBytes: config['max-request-size'],
    gzipEnabled: auction['gzip-enabled'],
    serverHeader: `gavel/${deps.version.version}`,
  });
  registerInfoRoutes(publicApp, registry);
  await registerUserSyncRoutes(publicApp, {
    settings: createUserSyncSettings(config, registry),
    clock,
    bodyLimitBytes: config['max-request-size'],
  });
  await registerEventRoutes(publicApp, config, {
    logger: deps.logger,
    metricsRegistry: metrics.registry,
    registry,
    accounts: {
      lookup: {
        store: storedData,
        defaults: defaultsDocument(
          config.settings['default-account'],
          accountDefaultsFromConfig(config['price-floors']),
        ),
        unknownAccount: config.settings['unknown-account'],
      },
      blockedAccounts: auction['blocked-accounts'],
    },
    cacheClient,
  });
  registerStoredInvalidate(adminApp, storedData);

  return {
    publicApp,
    adminApp,
    registry,
    closeResources: async () => {
      await Promise.all([
        transport.close(),
        storedData.close(),
        serverRates?.close(),
        cacheClient?.close(),
        floors.fetcher?.close(),
      ]);
    },
  };
}
