// OpenRTB 2.6 → 2.5 field placement for bidders that speak 2.5 (notes §18 "OpenRTB 2.6 ↔ 2.5"):
// regs.gdpr/us_privacy, user.consent/eids and source.schain move to their 2.5 `ext` places.
// The contract is 2.5; this only keeps 2.6-only clients' signals visible to 2.5 bidders.
import type { BidRequest } from '../../openrtb/types.js';
import { isObject, type JsonObject } from './json-shape.js';

/** Moves `keys` of `obj` into `obj.ext` (an ext value already there wins); undefined if nothing moved. */
function moveIntoExt(obj: unknown, keys: readonly string[]): JsonObject | undefined {
  if (!isObject(obj) || !keys.some((k) => obj[k] !== undefined)) return undefined;
  const ext: JsonObject = isObject(obj.ext) ? { ...obj.ext } : {};
  const out: JsonObject = { ...obj };
  for (const k of keys) {
    if (out[k] === undefined) continue;
    if (ext[k] === undefined) ext[k] = out[k];
    delete out[k];
  }
  out.ext = ext;
  return out;
}

/** The request as a 2.5 bidder sees it; the same object when no 2.6 field is present. */
export function downgradeTo25(request: BidRequest): BidRequest {
  const regs = moveIntoExt(request.regs, ['gdpr', 'us_privacy']);
  const user = moveIntoExt(request.user, ['consent', 'eids']);
  const source = moveIntoExt(request.source, ['schain']);
  if (!regs && !user && !source) return request;
  const out: BidRequest = { ...request };
  if (regs) out.regs = regs;
  if (user) out.user = user;
  if (source) out.source = source;
  return out;
}
