// Interstitial size rewrite (contract "Interstitial rules"; notes §13): for imps with instl=1 and
// device.ext.<ns>.interstitial percentages, banner.format becomes the first 10 fitting common sizes.
import type { BidRequest, Device, Format, Imp } from '../../openrtb/types.js';
import type { ExtNamespace } from '../types.js';
import { INTERSTITIAL_SIZES } from './interstitial-sizes.js';
import { childObject, isNumber } from './json-shape.js';
import { withProps } from '@gavel/common';

const MAX_SIZES = 10;

export interface InterstitialResult {
  /** The new imp array, or undefined when nothing changed. */
  imps?: Imp[];
  errors: string[];
  warnings: string[];
}

interface Percentages {
  w: number;
  h: number;
}

function readPercentages(
  device: Device | undefined,
  ns: ExtNamespace,
  errors: string[],
): Percentages | undefined {
  const inter = childObject(childObject(device, 'ext')?.[ns], 'interstitial');
  if (!inter) return undefined;
  const read = (key: 'minwidthperc' | 'minheightperc'): number | undefined => {
    const v = inter[key];
    if (isNumber(v) && Number.isInteger(v) && v >= 0 && v <= 100) return v;
    errors.push(`request.device.ext.${ns}.interstitial.${key} must be a number between 0 and 100`);
    return undefined;
  };
  const w = read('minwidthperc');
  const h = read('minheightperc');
  return w === undefined || h === undefined ? undefined : { w, h };
}

function fittingSizes(minW: number, maxW: number, minH: number, maxH: number): Format[] {
  const out: Format[] = [];
  for (let i = 0; i + 1 < INTERSTITIAL_SIZES.length && out.length < MAX_SIZES; i += 2) {
    const w = INTERSTITIAL_SIZES[i] ?? 0;
    const h = INTERSTITIAL_SIZES[i + 1] ?? 0;
    if (w >= minW && w <= maxW && h >= minH && h <= maxH) out.push({ w, h });
  }
  return out;
}

/**
 * Validates the interstitial percentages (even without interstitial imps, as upstream does) and
 * rewrites the banner formats of interstitial imps. Never mutates its input.
 */
export function rewriteInterstitials(request: BidRequest, ns: ExtNamespace): InterstitialResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const perc = readPercentages(request.device, ns, errors);
  if (!perc || !Array.isArray(request.imp)) return { errors, warnings };
  let imps: Imp[] | undefined;
  request.imp.forEach((imp, i) => {
    if (imp?.instl !== 1 || typeof imp.banner !== 'object' || imp.banner === null) return;
    const first = Array.isArray(imp.banner.format) ? imp.banner.format[0] : undefined;
    let maxW = isNumber(first?.w) ? first.w : 0;
    let maxH = isNumber(first?.h) ? first.h : 0;
    // Contract rule 1: 1x1 (or no size) means "as large as the device".
    if (maxW < 1 || maxH < 1 || (maxW === 1 && maxH === 1)) {
      const d = request.device;
      maxW = isNumber(d?.w) ? d.w : 0;
      maxH = isNumber(d?.h) ? d.h : 0;
      if (maxW < 1 || maxH < 1) {
        errors.push(
          `Unable to read max interstitial size for Imp id=${imp.id} (No Device sizes and no Format objects)`,
        );
        return;
      }
    }
    // Exact minimums (variant J) rather than G's truncating integer division: see docs/decisions.md.
    const minW = (maxW * perc.w) / 100;
    const minH = (maxH * perc.h) / 100;
    const format = fittingSizes(minW, maxW, minH, maxH);
    if (format.length === 0) {
      // Variant J: keep the imp as sent rather than failing the whole auction (docs/decisions.md).
      warnings.push(
        `Unable to set interstitial size list for Imp id=${imp.id} (No valid sizes between ${Math.floor(minW)}x${Math.floor(minH)} and ${maxW}x${maxH}); imp left unchanged`,
      );
      return;
    }
    imps ??= request.imp.slice();
    imps[i] = withProps(imp, { banner: withProps(imp.banner, { format }) });
  });
  return { imps, errors, warnings };
}
