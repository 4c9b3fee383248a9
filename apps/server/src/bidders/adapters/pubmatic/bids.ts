// PubMatic bid reading: media type from mtype (a bid without one is refused), marketplace seat, video duration,
// deal priority, one category, and native markup unwrapped from its {"native": …} envelope.
import type { Bid } from '../../../openrtb/types.js';
import type { BidderError, MediaType, TypedBid } from '../../types.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { rawJsonMember } from '../../helpers/raw-json-member.js';
import { copyForWrite } from '@gavel/common';

interface PubmaticBidExt {
  marketplace?: string;
  ibv?: boolean;
  prebiddealpriority?: number;
  video?: { duration?: number };
}

function nativeAdm(adm: string): { adm: string } | { error: BidderError } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(adm);
  } catch {
    return { error: { code: 3, message: 'unable to unmarshal native adm' } };
  }
  if (!parsed || typeof parsed !== 'object' || !('native' in parsed)) return { adm };
  const inner = rawJsonMember(adm, 'native');
  if (!inner?.startsWith('{')) return { error: { code: 3, message: 'unable to get native adm' } };
  return { adm: inner };
}

export function readBids(found: { bid: Bid }[]): { bids: TypedBid[]; errors: BidderError[] } {
  const bids: TypedBid[] = [];
  const errors: BidderError[] = [];
  for (const { bid: original } of found) {
    const type: MediaType | undefined = mediaTypeOfMtype(original.mtype);
    if (!type) {
      const mtype = typeof original.mtype === 'number' ? original.mtype : 0;
      errors.push({
        code: 3,
        message: `failed to parse bid mtype (${mtype}) for impression id ${original.impid}`,
      });
      continue;
    }
    const bid: Bid = copyForWrite(original);
    if (bid.cat && bid.cat.length > 1) bid.cat = bid.cat.slice(0, 1);
    const typed: TypedBid = { bid, type, video: { duration: 0, primary_category: '' } };
    const ext = bid.ext as PubmaticBidExt | undefined;
    if (!ext || typeof ext !== 'object') errors.push({ code: 3, message: notAnObjectMessage(bid.ext) });
    else {
      if (ext.marketplace) typed.seat = ext.marketplace;
      if (typeof ext.video?.duration === 'number')
        typed.video = { duration: ext.video.duration, primary_category: '' };
      if (ext.prebiddealpriority && ext.prebiddealpriority > 0) typed.dealPriority = ext.prebiddealpriority;
      // An in-banner video is reported as video in the meta, whatever its markup type.
      typed.meta = { mediaType: ext.ibv ? 'video' : type };
    }
    if (typed.type === 'native' && bid.adm !== undefined) {
      const native = nativeAdm(bid.adm);
      if ('error' in native) errors.push(native.error);
      else bid.adm = native.adm;
    }
    bids.push(typed);
  }
  return { bids, errors };
}
