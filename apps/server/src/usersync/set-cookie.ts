// The `Set-Cookie` header of the `uids` cookie (notes §2 "Cookie attributes"): Path=/, Max-Age and
// Expires from host-cookie.ttl-days, Domain when configured, always `SameSite=None; Secure` (J).
// Hand-written: the value is base64url (no escaping needed) and the attributes are fixed.
import { UIDS_COOKIE } from './uids-cookie.js';

export interface CookieAttributes {
  /** Empty = no Domain attribute (host-only cookie). */
  domain: string;
  ttlDays: number;
}

export function uidsSetCookie(value: string, attrs: CookieAttributes, nowMs: number): string {
  const maxAge = attrs.ttlDays * 24 * 60 * 60;
  const expires = new Date(nowMs + maxAge * 1000).toUTCString();
  const domain = attrs.domain ? `; Domain=${attrs.domain}` : '';
  // Third-party context: browsers drop cookies without SameSite=None; Secure.
  return `${UIDS_COOKIE}=${value}; Path=/${domain}; Max-Age=${maxAge}; Expires=${expires}; SameSite=None; Secure`;
}
