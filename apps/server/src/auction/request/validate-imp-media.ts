// Per-imp OpenRTB rules (notes §7 "validateRequest rules", imp rows): id, metric, media types,
// banner/format sizes, video/audio mimes and non-negative numbers, native, pmp deal ids.
import type { Imp } from '../../openrtb/types.js';
import { isObject, numberOr0, type JsonObject } from './json-shape.js';
import { validateNative } from './native.js';
import { withProps } from '@gavel/common';

export interface ImpMediaResult {
  error?: string;
  /** A new imp when validation normalised it (native asset ids), else undefined. */
  imp?: Imp;
}

function nonNegative(obj: JsonObject, keys: readonly string[], p: string): string | undefined {
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !(v >= 0)) return `${p}.${k} must be a positive number`;
  }
  return undefined;
}

function checkFormat(f: unknown, i: number, j: number): string | undefined {
  const p = `Request imp[${i}].banner.format[${j}]`;
  if (!isObject(f))
    return `${p} should define *either* {w, h} (for static size requirements) *or* {wmin, wratio, hratio} (for flexible sizes) to be non-zero.`;
  const neg = nonNegative(f, ['w', 'h', 'wratio', 'hratio', 'wmin'], `request.imp[${i}].banner.format[${j}]`);
  if (neg) return neg;
  const w = numberOr0(f.w);
  const h = numberOr0(f.h);
  const wmin = numberOr0(f.wmin);
  const wratio = numberOr0(f.wratio);
  const hratio = numberOr0(f.hratio);
  const usesHW = w !== 0 || h !== 0;
  const usesRatios = wmin !== 0 || wratio !== 0 || hratio !== 0;
  if (usesHW && usesRatios) {
    return `${p} should define *either* {w, h} *or* {wmin, wratio, hratio}, but not both. If both are valid, send two "format" objects in the request.`;
  }
  if (!usesHW && !usesRatios) {
    return `${p} should define *either* {w, h} (for static size requirements) *or* {wmin, wratio, hratio} (for flexible sizes) to be non-zero.`;
  }
  if (usesHW && (w === 0 || h === 0)) return `${p} must define non-zero "h" and "w" properties.`;
  if (usesRatios && (wmin === 0 || wratio === 0 || hratio === 0)) {
    return `${p} must define non-zero "wmin", "wratio", and "hratio" properties.`;
  }
  return undefined;
}

function checkBanner(banner: unknown, i: number, interstitial: boolean): string | undefined {
  const p = `request.imp[${i}].banner`;
  if (!isObject(banner)) return `${p} must be an object`;
  const neg = nonNegative(banner, ['w', 'h'], p);
  if (neg) return neg;
  for (const k of ['wmin', 'wmax', 'hmin', 'hmax']) {
    if (numberOr0(banner[k]) !== 0)
      return `${p} uses unsupported property: "${k}". Use the "format" array instead.`;
  }
  const format = banner.format;
  if (format !== undefined && format !== null && !Array.isArray(format))
    return `${p}.format must be an array`;
  const hasRootSize = numberOr0(banner.w) > 0 && numberOr0(banner.h) > 0;
  const formats: unknown[] = Array.isArray(format) ? format : [];
  if (!hasRootSize && formats.length === 0 && !interstitial) {
    return `${p} has no sizes. Define "w" and "h", or include "format" elements.`;
  }
  for (let j = 0; j < formats.length; j++) {
    const err = checkFormat(formats[j], i, j);
    if (err) return err;
  }
  return undefined;
}

function checkMimes(obj: JsonObject, p: string): string | undefined {
  const mimes = obj.mimes;
  if (!Array.isArray(mimes) || mimes.length < 1 || !mimes.every((m) => typeof m === 'string')) {
    return `${p}.mimes must contain at least one supported MIME type`;
  }
  return undefined;
}

function checkVideo(video: unknown, i: number): string | undefined {
  const p = `request.imp[${i}].video`;
  if (!isObject(video)) return `${p} must be an object`;
  return checkMimes(video, p) ?? nonNegative(video, ['w', 'h', 'minbitrate', 'maxbitrate'], p);
}

function checkAudio(audio: unknown, i: number): string | undefined {
  const p = `request.imp[${i}].audio`;
  if (!isObject(audio)) return `${p} must be an object`;
  return checkMimes(audio, p) ?? nonNegative(audio, ['sequence', 'maxseq', 'minbitrate', 'maxbitrate'], p);
}

function checkPmp(pmp: unknown, i: number): string | undefined {
  if (!isObject(pmp)) return `request.imp[${i}].pmp must be an object`;
  const deals = pmp.deals;
  if (deals === undefined || deals === null) return undefined;
  if (!Array.isArray(deals)) return `request.imp[${i}].pmp.deals must be an array`;
  for (let j = 0; j < deals.length; j++) {
    const d: unknown = deals[j];
    if (!isObject(d) || typeof d.id !== 'string' || d.id === '') {
      return `request.imp[${i}].pmp.deals[${j}] missing required field: "id"`;
    }
  }
  return undefined;
}

const present = (v: unknown): boolean => v !== undefined && v !== null;

/** Validates one imp's OpenRTB fields (not its ext); the first problem wins, as upstream. */
export function validateImpMedia(imp: unknown, i: number): ImpMediaResult {
  if (!isObject(imp)) return { error: `request.imp[${i}] must be an object` };
  if (typeof imp.id !== 'string' || imp.id === '') {
    return { error: `request.imp[${i}] missing required field: "id"` };
  }
  if (Array.isArray(imp.metric) && imp.metric.length > 0) {
    return {
      error: `request.imp[${i}].metric is not yet supported by prebid-server. Support may be added in the future`,
    };
  }
  if (!present(imp.banner) && !present(imp.video) && !present(imp.audio) && !present(imp.native)) {
    return {
      error: `request.imp[${i}] must contain at least one of "banner", "video", "audio", or "native"`,
    };
  }
  const error =
    (present(imp.banner) ? checkBanner(imp.banner, i, imp.instl === 1) : undefined) ??
    (present(imp.video) ? checkVideo(imp.video, i) : undefined) ??
    (present(imp.audio) ? checkAudio(imp.audio, i) : undefined);
  if (error) return { error };
  let out: Imp | undefined;
  if (present(imp.native)) {
    const n = validateNative(imp.native, i);
    if (n.error) return { error: n.error };
    if (n.native) out = withProps(imp as Imp, { native: n.native });
  }
  if (present(imp.pmp)) {
    const perr = checkPmp(imp.pmp, i);
    if (perr) return { error: perr };
  }
  return out ? { imp: out } : {};
}
