// createApp(config, deps): the auction server's public and admin instances — what tests drive
// with inject(). Everything stateful is created here (or in main.ts) and closed by closeResources.
import type { FastifyInstance } from 'fastify';
import {
  createServiceApps,
  installFastRoutes,
  installResponseCompression,
  randomIds,
  RepeatedBlocks,
  systemClock,
  type Clock,
  type Readiness,
  type ServiceDeps,
  type ServiceMetrics,
} from '@gavel/common';
import type { ServerConfig } from './config/schema.js';
import type { BidderModule } from './bidders/info.js';
import { builtInBidders } from './bidders/adapters/catalog.js';
import { genericOrtbAdapter } from './bidders/generic-ortb.js';
import { createBidderRegistry, type BidderRegistry } from './bidders/registry.js';
import { createUndiciTransport, type BidderTransport } from './bidders/transport.js';
import type { PipelineServices } from './auction/pipeline.js';
import { auctionFastRoute, registerAuctionRoute, type AuctionRouteOptions } from './endpoints/auction.js';
import { registerInfoRoutes } from './endpoints/info.js';
import { registerAmpRoute } from './endpoints/amp/route.js';
import { registerVideoRoute } from './endpoints/video/route.js';
import { createServerRatesFromConfig } from './currency/from-config.js';
import { createCacheClientFromConfig } from './cache-client/from-config.js';
import type { CacheTransport } from './cache-client/cache-client.js';
import { registerAdminRoutes } from './endpoints/admin/index.js';
import { createStoredData } from './stored/create-stored-data.js';
import type { StoredSource } from './stored/types.js';
import { floorsFromConfig } from './floors/from-config.js';
import { registerServerOpenApi } from './endpoints/admin/openapi.js';
import { registerUserSyncRoutes } from './endpoints/usersync/routes.js';
import { createUserSyncSettings } from './usersync/from-config.js';
import { optoutSettingsFromConfig } from './usersync/optout-config.js';
import { vendorListServiceFromConfig } from './privacy/gvl/from-config.js';
import { createAnalyticsFromConfig, type AnalyticsEvent } from './analytics/index.js';
import { createHookExecutor, enabledModules, hookExecutorOptionsFromConfig } from './modules/hooks/index.js';
import { builtInModules } from './modules/index.js';
import { lookupAccount } from './accounts/resolve-account-settings.js';
import { mergeActivitySettings, type ActivitySettings } from './privacy/activities/index.js';
import type { Module } from './modules/types.js';
import { registerEventRoutes } from './endpoints/events/index.js';
import { accountDefaults, buildPipelineServices } from './pipeline-services.js';
import { logServerBackends, serverTelemetry } from './metrics/wiring.js';
import { createModuleMetrics } from './metrics/module-metrics.js';

export interface ServerDeps extends ServiceDeps {
  /** Modules run whatever `hooks.modules` says (tests, the conformance harness), after the built-ins. */
  extraModules?: readonly Module[];
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

async function closeAll(items: readonly ({ close(): unknown } | undefined)[]): Promise<void> {
  await Promise.all(items.map((i) => (i ? Promise.resolve(i.close()) : Promise.resolve())));
}

function bidderTransport(config: ServerConfig): BidderTransport {
  const auction = config.auction;
  return createUndiciTransport({
    connectionsPerOrigin: auction['bidder-connections'],
    keepAliveTimeoutMs: auction['bidder-keepalive-ms'],
    lingerMs: auction['bidder-linger-ms'],
    maxResponseBytes: auction['bidder-max-response-bytes'],
  });
}

/** Feature state with a lifetime: fetched floors, analytics adapters, vendor lists. */
function featureRuntimes(
  config: ServerConfig,
  deps: ServerDeps,
  o: { clock: Clock; metrics: Awaited<ReturnType<typeof createServiceApps>>['metrics'] },
) {
  const logger = deps.logger ? { logger: deps.logger } : {};
  const floors = floorsFromConfig(config['price-floors'], Object.assign({ clock: o.clock }, logger));
  const analytics = createAnalyticsFromConfig(
    config,
    Object.assign({}, logger, {
      metrics: o.metrics,
      // The request's reportAnalytics activity travels with its event (auction/steps/analytics-event.ts).
      activityAllows: (name: string, event: AnalyticsEvent) =>
        !('reportAllowed' in event) || event.reportAllowed?.(name) !== false,
    }),
  );
  const vendorLists = vendorListServiceFromConfig(
    config.privacy.gdpr.vendorlist,
    Object.assign({ clock: o.clock }, logger),
  );
  const modules = [...enabledModules(builtInModules, config.hooks.modules), ...(deps.extraModules ?? [])];
  const hooks = createHookExecutor(
    Object.assign(hookExecutorOptionsFromConfig(config.hooks), {
      modules,
      clock: o.clock,
      onInvocation: createModuleMetrics({
        registry: o.metrics.registry,
        prefix: 'gavel_',
        moduleCodes: config.hooks.enabled ? modules.map((m) => m.code) : [],
      }),
    }),
  );
  return { floors, analytics, vendorLists, hooks };
}

/** The server's currency rates (undefined when none are configured), started. */
function startServerRates(
  config: ServerConfig,
  deps: ServerDeps,
  o: { clock: Clock; metrics: ServiceMetrics; readiness: Readiness },
) {
  const rates = createServerRatesFromConfig(config, {
    clock: o.clock,
    logger: deps.logger,
    metrics: o.metrics,
    readiness: o.readiness,
    load: deps.currencyRatesLoad,
  });
  rates?.start();
  return rates;
}

function bidderRegistryOf(config: ServerConfig, deps: ServerDeps): BidderRegistry {
  return createBidderRegistry({
    builtIns: builtInBidders,
    host: config.bidders,
    extra: deps.extraBidders ?? [],
    genericAdapter: genericOrtbAdapter,
  });
}

/** The public and admin Fastify instances with response compression and the OpenAPI document. */
async function httpApps(config: ServerConfig, deps: ServerDeps) {
  const apps = await createServiceApps(config, deps, {
    metricsPrefix: 'gavel_',
    bodyLimitBytes: config['max-request-size'],
  });
  if (config.compression.response.enabled)
    installResponseCompression(apps.publicApp, { minBytes: config.compression.response['min-bytes'] });
  const { publicApp, adminApp } = apps;
  registerServerOpenApi({ publicApp, adminApp, config, version: deps.version.version });
  return apps;
}

export async function createApp(config: ServerConfig, deps: ServerDeps): Promise<ServerApp> {
  const { publicApp, adminApp, metrics, readiness } = await httpApps(config, deps);
  const clock = deps.clock ?? systemClock;
  const ids = deps.ids ?? randomIds;
  const registry = bidderRegistryOf(config, deps);
  const transport = deps.transport ?? bidderTransport(config);
  const storedData = createStoredData(config.settings, {
    logger: deps.logger,
    extraSources: deps.storedSources,
    registry: metrics.registry,
  });
  const telemetry = serverTelemetry({ logger: deps.logger, clock, metrics, registry, storedData });
  const serverRates = startServerRates(config, deps, { clock, metrics, readiness });
  const cacheClient = createCacheClientFromConfig(config, deps.cacheTransport, telemetry.cacheClient);
  const { floors, analytics, vendorLists, hooks } = featureRuntimes(config, deps, { clock, metrics });
  logServerBackends(config, deps, { cacheClient, analytics });
  const admin = registerAdminRoutes(adminApp, {
    config,
    logger: deps.logger,
    metrics,
    storedData,
    serverRates,
  });
  const pipeline = buildPipelineServices({
    config,
    clock,
    ids,
    registry,
    transport,
    storedData,
    ...(serverRates ? { serverRates } : {}),
    ...(cacheClient ? { cacheClient } : {}),
    floors,
    ...(vendorLists ? { vendorLists } : {}),
    analytics,
    hooks,
    version: deps.version.version,
  });
  pipeline.telemetry = telemetry;
  await registerRoutes({ publicApp, adminApp, config, deps, pipeline, storedData, cacheClient, metrics });

  return {
    publicApp,
    adminApp,
    registry,
    closeResources: () =>
      closeAll([
        admin,
        telemetry,
        transport,
        storedData,
        serverRates,
        cacheClient,
        floors.fetcher,
        vendorLists,
        analytics,
      ]),
  };
}

interface RouteParts {
  publicApp: FastifyInstance;
  adminApp: FastifyInstance;
  config: ServerConfig;
  deps: ServerDeps;
  pipeline: PipelineServices;
  storedData: ReturnType<typeof createStoredData>;
  cacheClient: ReturnType<typeof createCacheClientFromConfig>;
  metrics: Awaited<ReturnType<typeof createServiceApps>>['metrics'];
}

/** The public routes over the pipeline, and the stored-data admin route. */
async function registerRoutes(r: RouteParts): Promise<void> {
  const { publicApp, config, deps, pipeline, storedData } = r;
  const { clock, registry } = pipeline;
  const ids = deps.ids ?? randomIds;
  const auction = config.auction;
  const serverHeader = `gavel/${deps.version.version}`;
  const auctionRoute = {
    pipeline,
    clock,
    bodyLimitBytes: config['max-request-size'],
    gzipEnabled: auction['gzip-enabled'],
    serverHeader,
    // The floors model a publisher sends with every request: parsed once (json-repeated-blocks.ts).
    bodyBlocks: new RepeatedBlocks({ paths: [['ext', pipeline.ns, 'floors']] }),
  };
  await registerAuctionRoute(publicApp, auctionRoute);
  installFastAuction(r, auctionRoute);
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
      fillDefault: auction['tmax-default-to-bidders'],
    },
    serverHeader,
  });
  await registerVideoRoute(publicApp, {
    pipeline,
    store: storedData,
    clock,
    ids,
    enabled: config.video.enabled,
    storedRequestRequired: config.video['stored-request-required'],
    maxImps: config.video['max-imps'],
    defaultTmaxMs: config.video['default-tmax-ms'],
    bodyLimitBytes: config['max-request-size'],
    gzipEnabled: auction['gzip-enabled'],
    serverHeader,
  });
  registerInfoRoutes(publicApp, registry);
  await registerSyncAndEventRoutes(r);
}

/**
 * POST /openrtb2/auction answered before Fastify routes it (common `installFastRoutes`: the same
 * answer without Fastify's per-request lifecycle). Per-request log lines (`log.requests`) are
 * written by Fastify's lifecycle only: then every request takes the Fastify route.
 */
function installFastAuction(r: RouteParts, opts: AuctionRouteOptions): void {
  if (r.config.log.requests) return;
  const response = r.config.compression.response;
  installFastRoutes(r.publicApp, {
    timings: r.metrics.httpDuration,
    routes: [],
    posts: [auctionFastRoute(opts)],
    bodyLimitBytes: opts.bodyLimitBytes,
    turnBudgetMs: r.config.auction['turn-budget-ms'],
    ...(response.enabled ? { compression: { minBytes: response['min-bytes'] } } : {}),
  });
}

/** An account's activity controls over the host's, for user sync (unknown or failing → the host's). */
function accountActivities(r: RouteParts) {
  const host = r.pipeline.activities;
  const env = {
    store: r.storedData,
    defaults: accountDefaults(r.config),
    unknownAccount: 'default' as const,
  };
  return async (accountId: string): Promise<ActivitySettings | undefined> => {
    if (accountId === '') return host;
    try {
      const account = await lookupAccount(accountId, env);
      return account.activities ? mergeActivitySettings(host ?? {}, account.activities) : host;
    } catch {
      return host;
    }
  };
}

/** User sync (with /optout) and the event routes. */
async function registerSyncAndEventRoutes(r: RouteParts): Promise<void> {
  const { publicApp, config, deps, pipeline, storedData } = r;
  const { clock, registry } = pipeline;
  const auction = config.auction;
  await registerUserSyncRoutes(publicApp, {
    settings: createUserSyncSettings(config, registry, {
      ...(pipeline.vendorLists ? { vendorLists: pipeline.vendorLists.service } : {}),
      activitiesOf: accountActivities(r),
    }),
    clock,
    bodyLimitBytes: config['max-request-size'],
    ...(pipeline.analytics ? { analytics: pipeline.analytics } : {}),
    optout: {
      settings: optoutSettingsFromConfig(config['user-sync'].optout),
      externalUrl: config['external-url'],
    },
  });
  await registerEventRoutes(publicApp, config, {
    logger: deps.logger,
    metricsRegistry: r.metrics.registry,
    registry,
    accounts: {
      lookup: {
        store: storedData,
        defaults: accountDefaults(config),
        unknownAccount: config.settings['unknown-account'],
      },
      blockedAccounts: auction['blocked-accounts'],
    },
    cacheClient: r.cacheClient,
    ...(pipeline.analytics ? { analytics: pipeline.analytics } : {}),
  });
}
