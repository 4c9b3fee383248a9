// Native request validation and asset-id filling (notes §7 "native" row; contract "Auction
// request": a missing assets[].id becomes the asset's index). Messages are the upstream ones.
import type { Native } from '../../openrtb/types.js';
import { isNumber, isObject, numberOr0, type JsonObject } from './json-shape.js';
import { withProps } from '@gavel/common';

const NATIVE_SPEC =
  'https://iabtechlab.com/wp-content/uploads/2016/07/OpenRTB-Native-Ads-Specification-Final-1.2.pdf';
const ORTB_SPEC =
  'https://www.iab.com/wp-content/uploads/2016/03/OpenRTB-API-Specification-Version-2-5-FINAL.pdf';
/** Values ≥ 500 are exchange-specific in every native enumeration. */
const EXCHANGE_SPECIFIC = 500;

/** Allowed when 1 ≤ v ≤ max or v ≥ 500. */
function inIabRange(v: number, max: number): boolean {
  return (v >= 1 && v <= max) || v >= EXCHANGE_SPECIFIC;
}

function checkContext(req: JsonObject, p: string): string | undefined {
  const ctx = numberOr0(req.context);
  if (Number.isNaN(ctx)) return `${p}.context is invalid. See ${NATIVE_SPEC}#page=39`;
  if (ctx === 0) return undefined; // context is only recommended
  if (!inIabRange(ctx, 3)) return `${p}.context is invalid. See ${NATIVE_SPEC}#page=39`;
  const sub = numberOr0(req.contextsubtype);
  if (Number.isNaN(sub)) return `${p}.contextsubtype is invalid. See ${NATIVE_SPEC}#page=39`;
  if (sub < 0) return `${p}.contextsubtype value can't be less than 0. See ${NATIVE_SPEC}#page=39`;
  if (sub === 0 || sub >= EXCHANGE_SPECIFIC) return undefined;
  // 10–15 content, 20–22 social, 30–32 product: the subtype must match its context.
  const family = sub >= 10 && sub <= 15 ? 1 : sub >= 20 && sub <= 22 ? 2 : sub >= 30 && sub <= 32 ? 3 : 0;
  if (family === 0) return `${p}.contextsubtype is invalid. See ${NATIVE_SPEC}#page=39`;
  if (family !== ctx) {
    return `${p}.context is ${ctx}, but contextsubtype is ${sub}. This is an invalid combination. See ${NATIVE_SPEC}#page=39`;
  }
  return undefined;
}

function checkAsset(asset: unknown, p: string): string | undefined {
  const one = `${p} must define exactly one of {title, img, video, data}`;
  if (!isObject(asset)) return one;
  const kinds = ['title', 'img', 'video', 'data'].filter((k) => asset[k] !== undefined && asset[k] !== null);
  if (kinds.length !== 1) return one;
  const kind = kinds[0];
  const body = asset[kind as string];
  if (!isObject(body)) return one;
  if (kind === 'title') {
    const len = numberOr0(body.len);
    return len >= 1 ? undefined : `${p}.title.len must be a positive number`;
  }
  if (kind === 'img') {
    for (const k of ['w', 'h', 'wmin', 'hmin']) {
      if (!(numberOr0(body[k]) >= 0)) return `${p}.img.${k} must be a positive integer`;
    }
    return undefined;
  }
  if (kind === 'video') {
    if (!Array.isArray(body.mimes) || body.mimes.length < 1) {
      return `${p}.video.mimes must be an array with at least one MIME type`;
    }
    if (!(numberOr0(body.minduration) >= 1)) return `${p}.video.minduration must be a positive integer`;
    if (!(numberOr0(body.maxduration) >= 1)) return `${p}.video.maxduration must be a positive integer`;
    const protocols = body.protocols;
    if (!Array.isArray(protocols) || protocols.length < 1) {
      return `${p}.video.protocols must be an array with at least one element`;
    }
    for (let j = 0; j < protocols.length; j++) {
      const v: unknown = protocols[j];
      if (!isNumber(v) || v < 1 || v > 10) {
        return `${p}.video.protocols[${j}] is invalid. See Section 5.8: ${ORTB_SPEC}#page=52`;
      }
    }
    return undefined;
  }
  const type = numberOr0(body.type);
  return inIabRange(type, 12)
    ? undefined
    : `${p}.data.type is invalid. See section 7.4: ${NATIVE_SPEC}#page=40`;
}

function checkEventTrackers(trackers: unknown, p: string): string | undefined {
  if (trackers === undefined || trackers === null) return undefined;
  if (!Array.isArray(trackers)) return `${p}.eventtrackers must be an array`;
  for (let i = 0; i < trackers.length; i++) {
    const t: unknown = trackers[i];
    const tp = `${p}.eventtrackers[${i}]`;
    if (!isObject(t) || !inIabRange(numberOr0(t.event), 4)) {
      return `${tp}.event is invalid. See section 7.6: ${NATIVE_SPEC}#page=43`;
    }
    if (!Array.isArray(t.methods) || t.methods.length < 1) {
      return `${tp}.method is required. See section 7.7: ${NATIVE_SPEC}#page=43`;
    }
    for (let j = 0; j < t.methods.length; j++) {
      const m: unknown = t.methods[j];
      if (!isNumber(m) || !inIabRange(m, 2))
        return `${tp}.methods[${j}] is invalid. See section 7.7: ${NATIVE_SPEC}#page=43`;
    }
  }
  return undefined;
}

export interface NativeResult {
  error?: string;
  /** A new native object when asset ids were assigned (request re-serialised), else undefined. */
  native?: Native;
}

/**
 * Validates `imp[i].native`. When no asset carries an id, ids become the array index (0-based) and
 * the native request string is re-serialised; otherwise ids must be unique.
 */
export function validateNative(native: unknown, impIndex: number): NativeResult {
  const p = `request.imp[${impIndex}].native`;
  if (!isObject(native)) return { error: `${p} must be an object` };
  if (typeof native.request !== 'string' || native.request.length === 0) {
    return { error: `${p} missing required property "request"` };
  }
  let req: unknown;
  try {
    req = JSON.parse(native.request);
  } catch (e) {
    return { error: `${p}.request is not valid JSON: ${(e as Error).message}` };
  }
  // The native 1.0 wrapper `{"native": {...}}` is accepted too (Prebid.js sends 1.2 unwrapped).
  const wrapped = isObject(req) && isObject(req.native) && req.assets === undefined;
  const body = wrapped ? (req as JsonObject).native : req;
  const rp = `${p}.request`;
  if (!isObject(body)) return { error: `${rp} must be a JSON object` };
  const err = checkContext(body, rp);
  if (err) return { error: err };
  const plcmt = numberOr0(body.plcmttype);
  if (plcmt !== 0 && !inIabRange(plcmt, 4))
    return { error: `${rp}.plcmttype is invalid. See ${NATIVE_SPEC}#page=40` };
  const assets = body.assets;
  if (!Array.isArray(assets) || assets.length < 1) {
    return { error: `${rp}.assets must be an array containing at least one object` };
  }
  const assign = assets.every((a) => !isObject(a) || numberOr0(a.id) === 0);
  const seen = new Set<unknown>();
  for (let j = 0; j < assets.length; j++) {
    const a: unknown = assets[j];
    const aerr = checkAsset(a, `${rp}.assets[${j}]`);
    if (aerr) return { error: aerr };
    if (assign) continue;
    const id = (a as JsonObject).id ?? 0;
    if (seen.has(id)) {
      return {
        error: `${rp}.assets[${j}].id is already being used by another asset. Each asset ID must be unique.`,
      };
    }
    seen.add(id);
  }
  const terr = checkEventTrackers(body.eventtrackers, rp);
  if (terr) return { error: terr };
  if (!assign) return {};
  const filled = withProps(body, { assets: assets.map((a: JsonObject, j) => withProps(a, { id: j })) });
  const request = JSON.stringify(wrapped ? withProps(req as JsonObject, { native: filled }) : filled);
  return { native: withProps(native, { request }) };
}
