// What the bidder_request hook hands the raw_bidder_response hook, per bidder, through the module
// context (upstream G blockingAttributes): the blocks it set on that bidder's request.

export type BattrMediaType = 'banner' | 'video' | 'audio';
export const BATTR_MEDIA_TYPES: readonly BattrMediaType[] = ['banner', 'video', 'audio'];

/** The battr config keys of each media type (constants: a built key would be hashed on every lookup). */
export const BATTR_KEYS: Readonly<Record<BattrMediaType, { blocked: string; deals: string }>> = {
  banner: { blocked: 'blocked_banner_attr', deals: 'allowed_banner_attr_for_deals' },
  video: { blocked: 'blocked_video_attr', deals: 'allowed_video_attr_for_deals' },
  audio: { blocked: 'blocked_audio_attr', deals: 'allowed_audio_attr_for_deals' },
};

export interface BlockingAttributes {
  badv?: readonly string[];
  bapp?: readonly string[];
  bcat?: readonly string[];
  /** Blocked banner types by imp id (request side only). */
  btype?: Readonly<Record<string, readonly number[]>>;
  /** Blocked creative attributes by media type, then imp id. */
  battr?: Readonly<Partial<Record<BattrMediaType, Readonly<Record<string, readonly number[]>>>>>;
  /** The one taxonomy bids may use (0 or absent: IAB Content 1.0, i.e. 1). */
  cattax?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isList = (v: unknown): boolean => v === undefined || Array.isArray(v);

/** The bidder's entry of the module context, or undefined when it is not a BlockingAttributes. */
export function readBlockingAttributes(v: unknown): BlockingAttributes | undefined {
  if (!isRecord(v)) return undefined;
  if (!isList(v['badv']) || !isList(v['bapp']) || !isList(v['bcat'])) return undefined;
  if (v['cattax'] !== undefined && typeof v['cattax'] !== 'number') return undefined;
  if (v['battr'] !== undefined && !isRecord(v['battr'])) return undefined;
  if (v['btype'] !== undefined && !isRecord(v['btype'])) return undefined;
  return v;
}
