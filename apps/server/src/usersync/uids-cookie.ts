// The `uids` cookie codec (contract "The uids cookie"; notes §2 Encoding): base64url JSON
// `{"tempUIDs": {<syncer key>: {uid, expires}}, "optout"?: true}`. Legacy `uids`/`bday` are read
// tolerantly (ignored, as upstream) and dropped on the next write. The auction reads buyer IDs here too.

export const UIDS_COOKIE = 'uids';

export interface UidEntry {
  uid: string;
  /** Epoch ms after which the entry is stale (re-synced); NaN-free: unparsable expiry reads as 0. */
  expiresMs: number;
}

export interface UidsCookie {
  /** Syncer key → entry. */
  uids: ReadonlyMap<string, UidEntry>;
  /** The user opted out through the cookie itself (`"optout": true`). */
  optout: boolean;
}

export const EMPTY_UIDS: UidsCookie = { uids: new Map(), optout: false };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A cookie that does not decode (bad base64, bad JSON, wrong shape) reads as empty, as upstream. */
export function decodeUidsCookie(value: string | undefined): UidsCookie {
  if (!value) return EMPTY_UIDS;
  let doc: unknown;
  try {
    // Node's base64url decoder accepts '=' padding (G writes it) and its absence (J tolerates it).
    doc = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return EMPTY_UIDS;
  }
  if (!isObject(doc)) return EMPTY_UIDS;
  const uids = new Map<string, UidEntry>();
  const temp = doc.tempUIDs;
  if (isObject(temp)) {
    for (const [key, entry] of Object.entries(temp)) {
      if (!isObject(entry)) continue;
      const uid = entry.uid;
      if (typeof uid !== 'string' || uid === '') continue;
      if (key === 'audienceNetwork' && uid === '0') continue; // upstream's "not recognised" placeholder
      const parsed = typeof entry.expires === 'string' ? Date.parse(entry.expires) : NaN;
      uids.set(key, { uid, expiresMs: Number.isNaN(parsed) ? 0 : parsed });
    }
  }
  return { uids, optout: doc.optout === true };
}

/** Base64url JSON with '=' padding: both upstream servers write it and G cannot read it unpadded. */
export function encodeUidsCookie(cookie: UidsCookie): string {
  const tempUIDs: Record<string, { uid: string; expires: string }> = {};
  for (const [key, e] of cookie.uids)
    tempUIDs[key] = { uid: e.uid, expires: new Date(e.expiresMs).toISOString() };
  const doc = cookie.optout ? { tempUIDs, optout: true } : { tempUIDs };
  const b64 = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64url');
  return b64 + '='.repeat((4 - (b64.length % 4)) % 4);
}

/**
 * Buyer IDs for the auction: syncer key → uid. Stale uids are still returned (staleness only
 * drives re-syncing, notes §18 buyeruid); an opted-out cookie gives none.
 */
export function readUidsCookie(value: string | undefined): ReadonlyMap<string, string> {
  const cookie = decodeUidsCookie(value);
  const out = new Map<string, string>();
  if (cookie.optout) return out;
  for (const [key, e] of cookie.uids) out.set(key, e.uid);
  return out;
}
