// The user-sync routes of the public app (contract "POST /cookie_sync", "GET /setuid", "GET /getuids"):
// one call for app.ts.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '@gavel/common';
import type { UserSyncSettings } from '../../usersync/from-config.js';
import { registerCookieSyncRoute } from './cookie-sync.js';
import { registerSetuidRoute } from './setuid.js';
import { registerGetuidsRoute } from './getuids.js';
import { registerOptoutRoute } from './optout.js';
import type { OptoutSettings } from '../../usersync/optout-config.js';
import type { Analytics } from '../../analytics/index.js';

export interface UserSyncRouteOptions {
  settings: UserSyncSettings;
  clock: Clock;
  bodyLimitBytes: number;
  /** [0, 1) source of the fair shuffles in /cookie_sync; default Math.random. */
  random?: () => number;
  /** Analytics adapters told about each /cookie_sync and /setuid answer. */
  analytics?: Analytics;
  /** GET|POST /optout and its page (user-sync.optout); absent → not served. */
  optout?: { settings: OptoutSettings; externalUrl: string };
}

export async function registerUserSyncRoutes(
  app: FastifyInstance,
  opts: UserSyncRouteOptions,
): Promise<void> {
  await registerCookieSyncRoute(app, opts);
  registerSetuidRoute(app, opts);
  registerGetuidsRoute(app, opts.settings);
  if (opts.optout)
    await registerOptoutRoute(app, {
      settings: opts.optout.settings,
      cookie: opts.settings.cookie,
      externalUrl: opts.optout.externalUrl,
      clock: opts.clock,
    });
}
