// OpenRTB 2.6 ↔ 2.5 field placement per bidder (notes §18 "OpenRTB 2.6 ↔ 2.5"; upstream
// openrtb_ext ConvertUpTo26 at the endpoint, ConvertDownTo25 for every bidder whose info does not say
// 2.6): regs.gdpr/us_privacy, user.consent/eids and source.schain live in `ext` for 2.5 bidders and
// in their 2.6 places for 2.6 bidders. Where a request gives both, the 2.6 value wins (as upstream,
// which upgrades first). imp.rwdd ↔ imp.ext.<ns>.is_rewarded_inventory is per imp (bidder-ext.ts).
// 2.6-only fields themselves are passed on: upstream does not clear them either.
import type { BidRequest } from '../../openrtb/types.js';
import { isObject, type JsonObject } from './json-shape.js';
import { copyForWrite, omitKeys } from '@gavel/common';

const REGS_KEYS = ['gdpr', 'us_privacy'] as const;
const USER_KEYS = ['consent', 'eids'] as const;
const SOURCE_KEYS = ['schain'] as const;
const EXT = ['ext'] as const;

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** Moves `keys` of `obj` into `obj.ext` (the moved value wins); undefined if nothing moved. */
function moveIntoExt(obj: unknown, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(obj) || !keys.some((k) => obj[k] !== undefined)) return undefined;
  const ext: JsonObject = isObject(obj.ext) ? copyForWrite(obj.ext) : {};
  const moved = keys.filter((k) => obj[k] !== undefined);
  for (const k of moved) if (present(obj[k])) ext[k] = obj[k];
  // A copy without the moved keys rather than `delete` (@gavel/common objects.ts).
  const out: JsonObject = omitKeys(obj, moved);
  out.ext = ext;
  return out;
}

/** Moves `keys` of `obj.ext` up to `obj` (a 2.6 value already there wins); undefined if none. */
function moveOutOfExt(obj: unknown, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(obj) || !isObject(obj.ext)) return undefined;
  const ext = obj.ext;
  const moved = keys.filter((k) => ext[k] !== undefined);
  if (moved.length === 0) return undefined;
  const rest: JsonObject = omitKeys(ext, moved);
  // An ext left empty is dropped, as upstream's request wrapper does.
  const out: JsonObject = Object.keys(rest).length > 0 ? copyForWrite(obj) : omitKeys(obj, EXT);
  for (const k of moved) if (!present(out[k]) && present(ext[k])) out[k] = ext[k];
  if (Object.keys(rest).length > 0) out.ext = rest;
  return out;
}

interface Moved {
  regs: JsonObject | undefined;
  user: JsonObject | undefined;
  source: JsonObject | undefined;
}

function withMoved(request: BidRequest, m: Moved): BidRequest {
  if (!m.regs && !m.user && !m.source) return request;
  const out: BidRequest = copyForWrite(request);
  if (m.regs) out.regs = m.regs;
  if (m.user) out.user = m.user;
  if (m.source) out.source = m.source;
  return out;
}

/** The request as a 2.5 bidder sees it; the same object when no 2.6 field is present. */
export function downgradeTo25(request: BidRequest): BidRequest {
  return withMoved(request, {
    regs: moveIntoExt(request.regs, REGS_KEYS),
    user: moveIntoExt(request.user, USER_KEYS),
    source: moveIntoExt(request.source, SOURCE_KEYS),
  });
}

/** The request as a 2.6 bidder sees it; the same object when no 2.5 `ext` placement is used. */
export function upgradeTo26(request: BidRequest): BidRequest {
  return withMoved(request, {
    regs: moveOutOfExt(request.regs, REGS_KEYS),
    user: moveOutOfExt(request.user, USER_KEYS),
    source: moveOutOfExt(request.source, SOURCE_KEYS),
  });
}

/**
 * Per-imp rewarded flag (upstream moveRewardedFrom26ToPrebidExt / moveRewardedFromPrebidExtTo26):
 * the value a bidder of `version` gets as imp.rwdd, and as imp.ext.<ns>.is_rewarded_inventory.
 */
export function rewardedPlacement(
  rwdd: unknown,
  extValue: unknown,
  version: '2.5' | '2.6',
): { rwdd?: unknown; extValue?: unknown } {
  const has26 = typeof rwdd === 'number' && rwdd !== 0;
  if (version === '2.6') {
    if (has26) return { rwdd };
    return typeof extValue === 'number' && extValue !== 0 ? { rwdd: extValue } : {};
  }
  if (has26) return { extValue: rwdd };
  // A 2.5 bidder gets the ext flag as the request wrote it (upstream passes it through raw).
  return extValue !== undefined ? { extValue } : {};
}
