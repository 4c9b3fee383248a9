// Media type of a bid (issue 4 "media type from bid.mtype / adapter / single-format imp"): the one
// helper every adapter would otherwise repeat.
import type { Bid, Imp } from '../openrtb/types.js';
import type { MediaType } from './types.js';

const BY_MTYPE: Record<number, MediaType> = { 1: 'banner', 2: 'video', 3: 'audio', 4: 'native' };

/** OpenRTB 2.6 `bid.mtype` (1 banner, 2 video, 3 audio, 4 native). */
export function mediaTypeFromMtype(mtype: unknown): MediaType | undefined {
  return typeof mtype === 'number' ? BY_MTYPE[mtype] : undefined;
}

/** The imp's media type when it offers exactly one. */
export function singleFormatOf(imp: Imp): MediaType | undefined {
  const present = (['banner', 'video', 'audio', 'native'] as const).filter((t) => imp[t] != null);
  return present.length === 1 ? present[0] : undefined;
}

/** `bid.mtype`, else what the adapter said, else the imp's single format; undefined = unknown. */
export function resolveMediaType(
  bid: Bid,
  adapterType: MediaType | undefined,
  imp: Imp | undefined,
): MediaType | undefined {
  return mediaTypeFromMtype(bid.mtype) ?? adapterType ?? (imp ? singleFormatOf(imp) : undefined);
}
