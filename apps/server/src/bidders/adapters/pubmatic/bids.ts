// PubMatic bid reading: media type from mtype (else ext.BidType), marketplace seat, video duration,
// deal priority, one category, and native markup unwrapped from its {"native": …} envelope.
import type { Bid } from '../../../openrtb/types.js';
import type { BidderError, MediaType, TypedBid } from '../../types.js';
import { mediaTypeOfMtype } from '../../helpers/media-type.js';
import { notAnObjectMessage } from '../../helpers/parse-json.js';
import { rawJsonMember } from '../../helpers/raw-json-member.js';

interface PubmaticBidExt {
  BidType?: number;
  marketplace?: string;
  prebiddealpriority?: number;
  video?: { duration?: number };
}

const BY_EXT_TYPE: Record<number, MediaType> = { 0: 'banner', 1: 'video', 2: 'native' };

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
    const bid: Bid = { ...original };
    if (bid.cat && bid.cat.length > 1) bid.cat = bid.cat.slice(0, 1);
    const typed: TypedBid = { bid, type: 'banner' };
    const ext = bid.ext as PubmaticBidExt | undefined;
    if (!ext || typeof ext !== 'object') errors.push({ code: 3, message: notAnObjectMessage(bid.ext) });
    else {
      if (ext.marketplace) typed.seat = ext.marketplace;
      if (typeof ext.video?.duration === 'number')
        typed.video = { duration: ext.video.duration, primary_category: '' };
      if (ext.prebiddealpriority && ext.prebiddealpriority > 0) typed.dealPriority = ext.prebiddealpriority;
    }
    typed.type = mediaTypeOfMtype(bid.mtype) ?? BY_EXT_TYPE[ext?.BidType ?? 0] ?? 'banner';
    if (typed.type === 'native' && bid.adm !== undefined) {
      const native = nativeAdm(bid.adm);
      if ('error' in native) errors.push(native.error);
      else bid.adm = native.adm;
    }
    bids.push(typed);
  }
  return { bids, errors };
}
