// Reading the media type a bidder states in its bid's `ext.prebid.type` (the upstream bid ext shape).
import type { MediaType } from '../types.js';

const TYPES: readonly MediaType[] = ['banner', 'video', 'audio', 'native'];

/** `bid.ext.prebid.type` when it names a media type, else undefined. */
export function bidTypeOfExt(ext: Record<string, unknown> | undefined): MediaType | undefined {
  const type = (ext?.prebid as { type?: unknown } | undefined)?.type;
  return TYPES.find((t) => t === type);
}
