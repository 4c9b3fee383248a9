// What the sync endpoints read from the browser's request (contract "The uids cookie", "GET /setuid"
// rules 1 and 3; notes §2 "Host cookie & opt-out"): the decoded `uids` cookie, opt-out, GDPR scope.
import type { FastifyRequest } from 'fastify';
import { BadRequestError, UnauthorizedError } from '@gavel/common';
import { parseCookies } from '../http-facts.js';
import { decodeUidsCookie, UIDS_COOKIE, type UidsCookie } from '../../usersync/uids-cookie.js';
import type { UserSyncSettings } from '../../usersync/from-config.js';
import type { ConsentGate } from '../../usersync/consent-gate.js';
import { GPP_SID, parseGpp } from '../../privacy/gpp/index.js';

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

/** The privacy a sync request carries once its GPP fields are read (G cookie_sync extractPrivacyPolicies). */
export interface SyncPrivacy {
  gdpr: 0 | 1 | undefined;
  consent: string;
  usPrivacy: string;
}

/**
 * `gpp_sid` ("2,6") decides whether GDPR applies when it lists any section (2 = TCF EU v2); a GPP TCF EU
 * section is the consent string, a USP section (when `gpp_sid` lists 6) the US privacy string. A GPP
 * string or `gpp_sid` that does not parse is a 400 naming the field.
 */
export function syncPrivacy(input: {
  gdpr: 0 | 1 | undefined;
  consent: string;
  usPrivacy: string;
  gpp: string;
  gppSid: string;
}): SyncPrivacy {
  const sids = parseSidList(input.gppSid);
  const gdpr = sids.length > 0 ? (sids.includes(GPP_SID.tcfEuV2) ? 1 : 0) : input.gdpr;
  if (input.gpp === '') return { gdpr, consent: input.consent, usPrivacy: input.usPrivacy };
  const parsed = parseGpp(input.gpp, sids);
  const error = parsed.errors[0];
  if (error !== undefined) throw new BadRequestError(`gpp is invalid: ${error}`, 'gpp');
  const usp = sids.includes(GPP_SID.uspV1) ? parsed.uspV1 : undefined;
  return { gdpr, consent: parsed.tcfEuV2 ?? input.consent, usPrivacy: usp ?? input.usPrivacy };
}

export function parseSidList(text: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => {
    const n = Number(part.trim());
    if (!Number.isInteger(n) || n < -128 || n > 127)
      throw new BadRequestError(
        `gpp_sid must be a comma-separated list of integers. You gave ${text}`,
        'gpp_sid',
      );
    return n;
  });
}
