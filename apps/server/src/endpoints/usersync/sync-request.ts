// What the sync endpoints read from the browser's request (contract "The uids cookie", "GET /setuid"
// rules 1 and 3; notes §2 "Host cookie & opt-out"): the decoded `uids` cookie, opt-out, GDPR scope.
import type { FastifyRequest } from 'fastify';
import { BadRequestError, UnauthorizedError } from '@gavel/common';
import { parseCookies } from '../http-facts.js';
import { decodeUidsCookie, UIDS_COOKIE, type UidsCookie } from '../../usersync/uids-cookie.js';
import type { UserSyncSettings } from '../../usersync/from-config.js';
import type { ConsentGate } from '../../usersync/consent-gate.js';

export interface SyncCookies {
  cookie: UidsCookie;
  /** The opt-out cookie is present with its value, or the uids cookie says `optout`. */
  optedOut: boolean;
}

export function readSyncCookies(req: FastifyRequest, settings: UserSyncSettings): SyncCookies {
  const header = req.headers.cookie;
  const jar = parseCookies(typeof header === 'string' ? header : undefined);
  const cookie = decodeUidsCookie(jar[UIDS_COOKIE]);
  const { name, value } = settings.optout;
  const optedOut = cookie.optout || (name !== '' && jar[name] === value);
  return { cookie, optedOut };
}

/** 401 for opted-out users (notes §2; the same answer on /cookie_sync and /setuid). */
export function refuseOptedOut(cookies: SyncCookies): void {
  if (cookies.optedOut) throw new UnauthorizedError('User has opted out', 'cookie');
}

/**
 * Whether the request is in GDPR scope; 400 when it is and the consent string is missing or
 * does not decode (contract: "400 when in GDPR scope and the consent string is missing or invalid").
 */
export function gdprScope(gdpr: 0 | 1 | undefined, consent: string, gate: ConsentGate): boolean {
  const inScope = gdpr === 1 || (gdpr === undefined && gate.gdprAssumed);
  if (!inScope) return false;
  if (consent === '') {
    throw new BadRequestError(
      gdpr === 1
        ? 'gdpr_consent is required if gdpr=1'
        : 'gdpr_consent is required. gdpr is not specified and is assumed to be 1 by the server. set gdpr=0 to exempt this request',
      'gdpr_consent',
    );
  }
  if (!gate.isValidConsent(consent)) {
    throw new BadRequestError('gdpr_consent is not a valid TCF v2 consent string', 'gdpr_consent');
  }
  return true;
}
