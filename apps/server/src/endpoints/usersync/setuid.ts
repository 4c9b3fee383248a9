// GET /setuid (contract "GET /setuid", "States and transitions"; notes §4): stores, replaces or
// deletes one bidder's ID in the `uids` cookie; 400/401/451 rules; answers a 1x1 PNG or empty HTML.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BadRequestError, type Clock } from '@gavel/common';
import { gdprScope, parseSidList, readSyncCookies, refuseOptedOut, syncPrivacy } from './sync-request.js';
import type { UserSyncSettings } from '../../usersync/from-config.js';
import { fitToSize, withoutUid, withUid } from '../../usersync/uids-state.js';
import { uidsSetCookie } from '../../usersync/set-cookie.js';
import type { Analytics } from '../../analytics/index.js';

export interface SetuidRouteOptions {
  settings: UserSyncSettings;
  clock: Clock;
  analytics?: Analytics;
}

/** A transparent 1x1 RGBA PNG (68 bytes). */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNgAAIAAAUAAen63NgAAAAASUVORK5CYII=',
  'base64',
);

type Query = Record<string, string | string[] | undefined>;

function param(q: Query, name: string): string | undefined {
  const v = q[name];
  return Array.isArray(v) ? v[0] : v;
}

function gdprParam(v: string | undefined): 0 | 1 | undefined {
  if (v === undefined || v === '') return undefined;
  if (v === '0' || v === '1') return Number(v) as 0 | 1;
  throw new BadRequestError(`the gdpr query param must be either 0 or 1. You gave ${v}`, 'gdpr');
}

function formatParam(v: string | undefined): 'b' | 'i' | undefined {
  if (v === undefined || v === '') return undefined;
  const f = v.toLowerCase();
  if (f === 'b' || f === 'i') return f;
  throw new BadRequestError('"f" query param is invalid. must be "b" or "i"', 'f');
}

function answer(reply: FastifyReply, format: 'b' | 'i'): FastifyReply {
  if (format === 'i') {
    return reply.code(200).type('image/png').header('content-length', PIXEL.length).send(PIXEL);
  }
  return reply.code(200).type('text/html').header('content-length', 0).send('');
}

export function registerSetuidRoute(app: FastifyInstance, opts: SetuidRouteOptions): void {
  const { settings, clock } = opts;
  app.get('/setuid', async (req, reply) => {
    const q = req.query as Query;
    const cookies = readSyncCookies(req, settings);
    refuseOptedOut(cookies);
    const bidder = param(q, 'bidder');
    if (!bidder) throw new BadRequestError('"bidder" query param is required', 'bidder');
    const syncer = settings.table.forSetuid(bidder);
    if (!syncer) throw new BadRequestError(`bidder "${bidder}" is not a bidder this server syncs`, 'bidder');
    const format = formatParam(param(q, 'f')) ?? (syncer.defaultType === 'iframe' ? 'b' : 'i');
    const { gdpr, consent } = syncPrivacy({
      gdpr: gdprParam(param(q, 'gdpr')),
      consent: param(q, 'gdpr_consent') ?? '',
      usPrivacy: '',
      gpp: param(q, 'gpp') ?? '',
      gppSid: param(q, 'gpp_sid') ?? '',
    });
    const inScope = gdprScope(gdpr, consent, settings.gate);
    if (inScope && !settings.gate.mayWriteCookie(consent)) {
      return reply
        .code(451)
        .type('text/plain; charset=utf-8')
        .send('The gdpr_consent string prevents cookies from being saved\n');
    }
    const syncUser = await settings.syncUserFor?.(
      param(q, 'account') ?? '',
      parseSidList(param(q, 'gpp_sid') ?? ''),
    );
    // G: a denied syncUser activity is a bare 451.
    if (syncUser && !syncUser(syncer.bidder)) return reply.code(451).send('');
    const uid = param(q, 'uid') ?? '';
    if (syncer.key === 'audienceNetwork' && uid === '0') {
      throw new BadRequestError('audienceNetwork uses a UID of 0 as "not yet recognized"', 'uid');
    }
    const nowMs = clock.now();
    const next =
      uid === '' ? withoutUid(cookies.cookie, syncer.key) : withUid(cookies.cookie, syncer.key, uid, nowMs);
    const fit = fitToSize(next, settings.maxCookieBytes, uid === '' ? undefined : syncer.key);
    if (!fit.ok) throw new BadRequestError(fit.reason, 'uid');
    reply.header('set-cookie', uidsSetCookie(fit.value, settings.cookie, nowMs));
    opts.analytics?.record({
      kind: 'setuid',
      status: 200,
      errors: [],
      bidder: syncer.bidder,
      uid,
      success: true,
    });
    return answer(reply, format);
  });
}
