// Media type lookups shared by adapters: from a bid's OpenRTB 2.6 `mtype` and from the imp it bids on.
import type { Imp } from '../../openrtb/types.js';
import type { MediaType } from '../types.js';

const BY_MTYPE: Record<number, MediaType> = { 1: 'banner', 2: 'video', 3: 'audio', 4: 'native' };

/** The media type named by `bid.mtype` (1–4), else undefined. */
export function mediaTypeOfMtype(mtype: unknown): MediaType | undefined {
  return typeof mtype === 'number' ? BY_MTYPE[mtype] : undefined;
}

/** The media types an imp offers, in OpenRTB object order (banner, video, audio, native). */
export function mediaTypesOfImp(imp: Readonly<Imp>): MediaType[] {
  const types: MediaType[] = [];
  if (imp.banner) types.push('banner');
  if (imp.video) types.push('video');
  if (imp.audio) types.push('audio');
  if (imp.native) types.push('native');
  return types;
}

/**
 * The first media type, in `order`, offered by the imp with id `impId`; `fallback` when that imp is
 * unknown or offers none of them.
 */
export function mediaTypeOfImp(
  imps: readonly Imp[],
  impId: string,
  order: readonly MediaType[],
  fallback?: MediaType,
): MediaType | undefined {
  const imp = imps.find((i) => i.id === impId);
  if (!imp) return fallback;
  const offered = mediaTypesOfImp(imp);
  return order.find((t) => offered.includes(t)) ?? fallback;
}
