// Telling a BidderError apart from the value a mapping step returns instead (imp, request copy):
// helpers return `T | BidderError` so adapters can reject one item without exceptions.
import type { BidderError } from '../types.js';

/** True when `v` is a BidderError (a numeric code and a message, and no OpenRTB `id`). */
export function isBidderError(v: unknown): v is BidderError {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.code === 'number' && typeof o.message === 'string' && o.id === undefined;
}
