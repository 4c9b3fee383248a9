// OpenRTB 2.6 → 2.5 field placement for bidders that speak 2.5 (notes §18 "OpenRTB 2.6 ↔ 2.5"):
// regs.gdpr/us_privacy, user.consent/eids and source.schain move to their 2.5 `ext` places.
// The contract is 2.5; this only keeps 2.6-only clients' signals visible to 2.5 bidders.
import type { BidRequest } from '../../openrtb/types.js';
import { isObject, type JsonObject } from './json-shape.js';
import { copyForWrite, omitKeys } from '@gavel/common';

/** Moves `keys` of `obj` into `obj.ext` (an ext value already there wins); undefined if nothing moved. */
function moveIntoExt(obj: unknown, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(obj) || !keys.some((k) => obj[k] !== undefined)) return undefined;
  const ext: JsonObject = isObject(obj.ext) ? copyForWrite(obj.ext) : {};
  const moved = keys.filter((k) => obj[k] !== undefined);
  for (const k of moved) if (ext[k] === undefined) ext[k] = obj[k];
  // A copy without the moved keys rather than `delete` (@gavel/common objects.ts).
  const out: JsonObject = omitKeys(obj, moved);
  out.ext = ext;
  return out;
}

/** The request as a 2.5 bidder sees it; the same object when no 2.6 field is present. */
export function downgradeTo25(request: BidRequest): BidRequest {
  const regs = moveIntoExt(request.regs, ['gdpr', 'us_privacy']);
  const user = moveIntoExt(request.user, ['consent', 'eids']);
  const source = moveIntoExt(request.source, ['schain']);
  if (!regs && !user && !source) return request;
  const out: BidRequest = copyForWrite(request);
  if (regs) out.regs = regs;
  if (user) out.user = user;
  if (source) out.source = source;
  return out;
}
