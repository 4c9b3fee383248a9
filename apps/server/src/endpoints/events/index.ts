// GET /event and POST /vtrack (contract "GET /event", "POST /vtrack", "Events"): wiring of both
// routes and the analytics seam from the server config — the one call app.ts makes.
import type { FastifyInstance } from 'fastify';
import type { Logger } from '@gavel/common';
import type { Registry } from 'prom-client';
import type { ServerConfig } from '../../config/schema.js';
import type { BidderRegistry } from '../../bidders/registry.js';
import type { CacheClient } from '../../cache-client/cache-client.js';
import { createEventRecorder, type EventRecorder } from '../../events/event-recorder.js';
import type { EventRecord } from '../../events/types.js';
import type { Analytics } from '../../analytics/index.js';
import type { EventAccountEnv } from './event-account.js';
import { registerEventRoute } from './event-route.js';
import { registerVtrackRoute } from './vtrack-route.js';

export interface EventRoutesDeps {
  logger: Logger;
  metricsRegistry: Registry;
  registry: BidderRegistry;
  accounts: EventAccountEnv;
  cacheClient: CacheClient | undefined;
  /** Replaces the log-and-count recorder (tests). */
  recorder?: EventRecorder;
  /** Analytics adapters notified of each event. */
  analytics?: Analytics;
}

export async function registerEventRoutes(
  app: FastifyInstance,
  config: ServerConfig,
  deps: EventRoutesDeps,
): Promise<void> {
  if (config.events.enabled) {
    const recorder =
      deps.recorder ??
      createEventRecorder({
        logger: deps.logger,
        registry: deps.metricsRegistry,
        isKnownBidder: (b) => deps.registry.lookup(b)?.code,
        ...(deps.analytics
          ? {
              notify: (event: EventRecord) =>
                deps.analytics?.record(Object.assign({ kind: 'notification' as const }, event)),
            }
          : {}),
      });
    registerEventRoute(app, { accounts: deps.accounts, recorder });
  }
  if (config.vtrack.enabled) {
    await registerVtrackRoute(app, {
      accounts: deps.accounts,
      registry: deps.registry,
      cacheClient: deps.cacheClient,
      externalUrl: config['external-url'],
      allowUnknownBidder: config.vtrack['allow-unknown-bidder'],
      defaultTtlSeconds: config.vtrack['default-ttl-seconds'],
      timeoutMs: config.vtrack['timeout-ms'],
      bodyLimitBytes: config['max-request-size'],
    });
  }
}
