// How an entry is laid out as one string in an external store (Redis): a versioned header
// naming the type, then the text. Also reads values written by Prebid Cache (`xml…` / `json…`).
import type { CacheEntry } from './types.js';

// U+0001 can start neither XML nor JSON text, so our header never collides with a legacy value.
const XML_HEADER = '\u0001x';
const JSON_HEADER = '\u0001j';

export function encodeEntry(entry: CacheEntry): string {
  return (entry.type === 'xml' ? XML_HEADER : JSON_HEADER) + entry.value;
}

/** The entry, or undefined when the text carries no known type marker (corrupted data). */
export function decodeEntry(stored: string): CacheEntry | undefined {
  if (stored.startsWith(XML_HEADER)) return { type: 'xml', value: stored.slice(2) };
  if (stored.startsWith(JSON_HEADER)) return { type: 'json', value: stored.slice(2) };
  return decodeUpstreamValue(stored);
}

/** Prebid Cache's own layout: the type name glued in front of the value. */
export function decodeUpstreamValue(stored: string): CacheEntry | undefined {
  if (stored.startsWith('xml')) return { type: 'xml', value: stored.slice(3) };
  if (stored.startsWith('json')) return { type: 'json', value: stored.slice(4) };
  return undefined;
}

/** Bytes an entry weighs against the size limit: type name + value, as Prebid Cache counts it. */
export function entrySize(entry: CacheEntry): number {
  return entry.type.length + Buffer.byteLength(entry.value, 'utf8');
}
