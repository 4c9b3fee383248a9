// Reading the `uids` cookie for buyer IDs (contract "The uids cookie", "Buyer ID rules" 3; notes §2):
// base64url JSON `{"tempUIDs": {<syncer key>: {uid, expires}}}`. Writing it belongs to usersync.
import { isObject } from './json-shape.js';

export const UIDS_COOKIE = 'uids';

/**
 * Returns syncer key → uid. A cookie that does not decode is treated as empty (as upstream).
 * Expired uids are still returned: staleness only drives re-syncing (notes §18 buyeruid).
 */
export function readUidsCookie(value: string | undefined): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (!value) return out;
  let doc: unknown;
  try {
    // Node's base64url decoder also accepts '=' padding and the standard alphabet.
    doc = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return out;
  }
  const temp = isObject(doc) ? doc.tempUIDs : undefined;
  if (!isObject(temp)) return out;
  for (const [key, entry] of Object.entries(temp)) {
    const uid = isObject(entry) ? entry.uid : undefined;
    if (typeof uid !== 'string' || uid === '') continue;
    if (key === 'audienceNetwork' && uid === '0') continue; // upstream drops this placeholder
    out.set(key, uid);
  }
  return out;
}
