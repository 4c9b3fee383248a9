// POST /cookie_sync (contract "POST /cookie_sync", "Sync response entry"; notes §3): parse the body,
// refuse opted-out users (401), check GDPR (400 / no syncs), choose bidders, build their sync URLs.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '@gavel/common';
import { acceptRawBodies, readBodyText } from '../request-body.js';
import { parseCookieSyncBody } from './cookie-sync-body.js';
import { gdprScope, parseSidList, readSyncCookies, refuseOptedOut, syncPrivacy } from './sync-request.js';
import type { UserSyncSettings } from '../../usersync/from-config.js';
import { chooseSyncs } from '../../usersync/choose-syncs.js';
import { buildSyncUrl, type SyncPrivacyParams } from '../../usersync/sync-url.js';
import { hasLiveUid } from '../../usersync/uids-state.js';
import type { Analytics } from '../../analytics/index.js';

export interface CookieSyncRouteOptions {
  settings: UserSyncSettings;
  clock: Clock;
  /** [0, 1) source of the fair shuffles; default Math.random. */
  random?: () => number;
  bodyLimitBytes: number;
  analytics?: Analytics;
}

interface SyncEntry {
  bidder: string;
  no_cookie: true;
  usersync: { url: string; type: 'iframe' | 'redirect'; supportCORS: boolean };
}

export async function registerCookieSyncRoute(
  app: FastifyInstance,
  opts: CookieSyncRouteOptions,
): Promise<void> {
  await app.register(async (scope) => {
    acceptRawBodies(scope); // text/plain (Prebid.js), application/json or no type at all
    scope.post('/cookie_sync', (req, reply) => answerCookieSync(req, reply, opts));
  });
}

async function answerCookieSync(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: CookieSyncRouteOptions,
): Promise<FastifyReply> {
  const { settings, clock } = opts;
  const random = opts.random ?? Math.random;
  const body = parseCookieSyncBody(await readBodyText(req, { limitBytes: opts.bodyLimitBytes, gzip: false }));
  const cookies = readSyncCookies(req, settings);
  refuseOptedOut(cookies);
  const nowMs = clock.now();
  const status = hasLiveUid(cookies.cookie, nowMs) ? 'ok' : 'no_cookie';
  const signals = syncPrivacy({
    gdpr: body.gdpr,
    consent: body.gdprConsent,
    usPrivacy: body.usPrivacy,
    gpp: body.gpp,
    gppSid: body.gppSid,
  });
  const inScope = gdprScope(signals.gdpr, signals.consent, settings.gate);
  if (inScope && !settings.gate.mayWriteCookie(signals.consent)) {
    // Rule 6: privacy forbids the host cookie, so no sync could ever land.
    return reply.type('application/json').send({ status, bidder_status: [] });
  }
  const privacyAllows = await bidderPrivacy(settings, { body, inScope, consent: signals.consent });
  const { chosen, rejected } = chooseSyncs({
    table: settings.table,
    bidders: body.bidders,
    cookie: cookies.cookie,
    nowMs,
    limit: body.limit ?? settings.defaultLimit,
    coop: body.coopSync ?? settings.coopDefault,
    filterSettings: body.filterSettings,
    random,
    ...(privacyAllows ? { privacyAllows } : {}),
  });
  const privacy: SyncPrivacyParams = {
    gdpr: signals.gdpr === undefined ? '' : String(signals.gdpr),
    gdprConsent: signals.consent,
    usPrivacy: signals.usPrivacy,
    gpp: body.gpp,
    gppSid: body.gppSid,
  };
  const entries: SyncEntry[] = [];
  for (const { syncer, type } of chosen) {
    const url = buildSyncUrl(settings.externalUrl, syncer, type, privacy);
    if (url === undefined) continue; // chooseType only picks types the syncer has
    entries.push({ bidder: syncer.bidder, no_cookie: true, usersync: { url, type, supportCORS: false } });
  }
  // Rejections go to a separate `debug` list (G) so clients reading bidder_status see only syncs.
  const debug = body.debug && rejected.length > 0 ? { debug: rejected } : {};
  opts.analytics?.record({
    kind: 'cookieSync',
    status: 200,
    errors: [],
    bidderStatus: entries.map((e) => ({ bidder: e.bidder, noCookie: true, usersync: e.usersync })),
  });
  return reply.type('application/json').send({ status, bidder_status: entries, ...debug });
}

/** Per bidder: the TCF decision under GDPR and the account's syncUser activity (G usersyncPrivacy). */
async function bidderPrivacy(
  settings: UserSyncSettings,
  o: { body: { account: string; gppSid: string }; inScope: boolean; consent: string },
): Promise<((bidder: string) => boolean) | undefined> {
  const activityAllows = await settings.syncUserFor?.(o.body.account, parseSidList(o.body.gppSid));
  const gdprAllows = o.inScope ? (b: string) => settings.gate.mayBidderSync(o.consent, b) : undefined;
  if (gdprAllows && activityAllows) return (b) => gdprAllows(b) && activityAllows(b);
  return gdprAllows ?? activityAllows;
}
