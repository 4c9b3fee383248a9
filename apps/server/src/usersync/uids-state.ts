// Transitions of a bidder entry in the `uids` cookie (contract "States and transitions", Limits
// "User ID freshness 7 days"): absent/present/stale, set, delete, and the size cap with ejection.
import { encodeUidsCookie, UIDS_COOKIE, type UidEntry, type UidsCookie } from './uids-cookie.js';
import { withProps } from '@gavel/common';

/** The contract's 7 days (upstream code uses 14; the contract wins, notes §0 row 1). */
export const UID_FRESHNESS_MS = 7 * 24 * 60 * 60 * 1000;

export type EntryState = 'absent' | 'present' | 'stale';

export function entryState(cookie: UidsCookie, key: string, nowMs: number): EntryState {
  const e = cookie.uids.get(key);
  if (!e) return 'absent';
  return nowMs < e.expiresMs ? 'present' : 'stale';
}

/** Cookie-sync status: "ok" when any uid is still fresh. */
export function hasLiveUid(cookie: UidsCookie, nowMs: number): boolean {
  for (const e of cookie.uids.values()) if (nowMs < e.expiresMs) return true;
  return false;
}

/** absent|present|stale → present: the ID is stored (or replaced) fresh for 7 days. */
export function withUid(cookie: UidsCookie, key: string, uid: string, nowMs: number): UidsCookie {
  const uids = new Map(cookie.uids);
  uids.delete(key); // re-inserted last: the newest entry
  uids.set(key, { uid, expiresMs: nowMs + UID_FRESHNESS_MS });
  return withProps(cookie, { uids });
}

/** present|stale → absent. */
export function withoutUid(cookie: UidsCookie, key: string): UidsCookie {
  if (!cookie.uids.has(key)) return cookie;
  const uids = new Map(cookie.uids);
  uids.delete(key);
  return withProps(cookie, { uids });
}

export type FitResult =
  { ok: true; cookie: UidsCookie; value: string; ejected: string[] } | { ok: false; reason: string };

/**
 * Ejects the entries closest to expiry (stale ones first) until `uids=<value>` fits in
 * `maxBytes` (0 = unlimited). The entry being written (`keep`) is never ejected: if it alone does
 * not fit, nothing is written.
 */
export function fitToSize(cookie: UidsCookie, maxBytes: number, keep?: string): FitResult {
  let current = cookie;
  let value = encodeUidsCookie(current);
  const ejected: string[] = [];
  if (maxBytes <= 0) return { ok: true, cookie: current, value, ejected };
  const order = [...cookie.uids.entries()]
    .filter(([key]) => key !== keep)
    .sort((a: [string, UidEntry], b: [string, UidEntry]) => a[1].expiresMs - b[1].expiresMs)
    .map(([key]) => key);
  // Browsers cap a cookie's name plus value (RFC 6265 §6.1 suggests 4096 bytes for both).
  while (UIDS_COOKIE.length + 1 + value.length > maxBytes) {
    const victim = order.shift();
    if (victim === undefined) {
      return { ok: false, reason: 'uid that is trying to be synced is bigger than the maximum cookie size' };
    }
    current = withoutUid(current, victim);
    ejected.push(victim);
    value = encodeUidsCookie(current);
  }
  return { ok: true, cookie: current, value, ejected };
}
