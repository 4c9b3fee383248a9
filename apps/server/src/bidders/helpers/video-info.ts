// The video facts of a bid the core needs for ad pods and caching (`TypedBid.video`): duration from
// `bid.dur`, primary category from the first `bid.cat`.
import type { Bid } from '../../openrtb/types.js';
import type { TypedBid } from '../types.js';

/** `{duration, primary_category}` of a bid (0 and '' when it states none). */
export function videoInfoOf(bid: Bid): NonNullable<TypedBid['video']> {
  return { duration: typeof bid.dur === 'number' ? bid.dur : 0, primary_category: bid.cat?.[0] ?? '' };
}
