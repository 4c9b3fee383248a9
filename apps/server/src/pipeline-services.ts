// The auction pipeline's services, built once from the config in createApp (app.ts): the core
// (namespace, clock, bidders, deadline, access, stored data, accounts), the money path (currency,
// cache, targeting) and the auction features (privacy, floors, validation, categories, events).
import { tmaxAdjustmentsFromConfig } from './tmax/index.js';
import type { VendorListService } from './privacy/gvl/index.js';
import type { Analytics } from './analytics/index.js';
import type { HookExecutor } from './modules/hooks/index.js';
import type { Clock, IdSource } from '@gavel/common';
import type { ServerConfig } from './config/schema.js';
import type { BidderRegistry } from './bidders/registry.js';
import type { BidderTransport } from './bidders/transport.js';
import type { PipelineServices } from './auction/pipeline.js';
import { parseDefaultRequest } from './auction/context.js';
import { convertWithRates } from './currency/converter.js';
import type { ServerRates } from './currency/server-rates.js';
import type { CacheClient } from './cache-client/cache-client.js';
import type { StoredSource } from './stored/types.js';
import { bundledStoredDataDir } from './stored/create-stored-data.js';
import { defaultsDocument } from './accounts/account-settings.js';
import { accountDefaultsFromConfig } from './floors/index.js';
import type { FloorsRuntime } from './floors/from-config.js';
import { hostValidationSettings } from './bidvalidation/index.js';
import { hostActivities } from './privacy/activities/from-config.js';
import { createCategoryFetcherFromConfig } from './categories/index.js';
import { createPrivacyEnforcement } from './privacy/enforce-privacy.js';
import { privacySettingsFromConfig } from './privacy/settings.js';
import { createBidIdGenerator, registryVastPolicy } from './events/auction/index.js';

/** What createApp has built before the pipeline. */
export interface PipelineParts {
  config: ServerConfig;
  clock: Clock;
  ids: IdSource;
  registry: BidderRegistry;
  transport: BidderTransport;
  storedData: StoredSource;
  serverRates?: ServerRates;
  cacheClient?: CacheClient;
  floors: FloorsRuntime;
  /** Analytics adapters (analytics.*); they never hold an answer back. */
  analytics?: Analytics;
  /** The module executor (hooks.*); no-op when nothing is planned. */
  hooks?: HookExecutor;
  /** The Global Vendor List service (privacy.gdpr.vendorlist); absent → the consent string alone. */
  vendorLists?: VendorListService;
  version: string;
}

/** The stored-account defaults document: `settings.default-account` plus the floors defaults. */
export function accountDefaults(config: ServerConfig): Record<string, unknown> {
  return defaultsDocument(
    config.settings['default-account'],
    accountDefaultsFromConfig(config['price-floors']),
  );
}

function coreServices(p: PipelineParts) {
  const { config, registry } = p;
  const auction = config.auction;
  return {
    ns: config['ext-namespace'],
    clock: p.clock,
    registry,
    transport: p.transport,
    deadline: {
      defaultMs: auction['tmax-default-ms'],
      maxMs: auction['tmax-max-ms'],
      marginMs: auction['tmax-margin-ms'],
      defaultToBidders: auction['tmax-default-to-bidders'],
    },
    access: {
      blockedApps: auction['blocked-apps'],
      blockedAccounts: auction['blocked-accounts'],
      accountRequired: auction['account-required'],
    },
    defaultRequest: parseDefaultRequest(auction['default-request']),
    adapterContext: {
      server: { externalUrl: config['external-url'], gvlId: 0, dataCenter: '' },
      convertCurrency: convertWithRates(p.serverRates),
      version: p.version,
    },
    stored: {
      store: p.storedData,
      ids: p.ids,
      generateRequestId: config.settings['generate-storedrequest-bidrequest-id'],
      canonicalBidder: (name: string) => registry.lookup(name)?.code,
    },
    accounts: {
      store: p.storedData,
      defaults: accountDefaults(config),
      unknownAccount: config.settings['unknown-account'],
    },
  };
}

function moneyServices(p: PipelineParts) {
  const cache = p.config.cache;
  return {
    ...(p.serverRates ? { serverRates: p.serverRates } : {}),
    ...(p.cacheClient ? { cacheClient: p.cacheClient } : {}),
    defaultTtl: cache['default-ttl-seconds'],
    cacheHost: cache['public-host'] || cache.host,
    cachePath: cache['public-path'],
    cacheKeysAlways: cache['targeting-host-path'] === 'always',
  };
}

function featureServices(p: PipelineParts): Partial<PipelineServices> {
  const { config } = p;
  const auction = config.auction;
  const out: Partial<PipelineServices> = {
    privacy: createPrivacyEnforcement(privacySettingsFromConfig(config.privacy)),
    warnUnlessDebugging: auction['debug-disabled-warning'] === 'unless-debugging',
    invalidBidders: auction['invalid-bidders'],
    floors: p.floors,
    bidValidation: hostValidationSettings(config.validations),
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
      vastPolicy: registryVastPolicy(p.registry),
    },
  };
  const activities = hostActivities(config['activity-controls']);
  if (activities) out.activities = activities;
  if (auction['host-schain-node']) out.hostSchainNode = auction['host-schain-node'];
  if (p.analytics && p.analytics.adapterNames.length > 0) out.analytics = p.analytics;
  if (p.hooks?.active) out.hooks = p.hooks;
  if (p.vendorLists)
    out.vendorLists = { service: p.vendorLists, waitMs: config.privacy.gdpr['vendorlist-wait-ms'] };
  const tmax = tmaxAdjustmentsFromConfig(auction['tmax-adjustments']);
  if (tmax) out.tmaxAdjustments = tmax;
  if (config['server-info-to-bidders']) {
    out.serverInfo = {
      externalurl: config['external-url'],
      gvlid: config.privacy.gdpr['host-vendor-id'],
      datacenter: config.datacenter,
    };
  }
  return out;
}

export function buildPipelineServices(p: PipelineParts): PipelineServices {
  return { ...coreServices(p), money: moneyServices(p), ...featureServices(p) };
}
