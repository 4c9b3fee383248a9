// Video response (contract "POST /openrtb2/video" Response; notes §14): `adPods[]` with one targeting
// entry {hb_pb, hb_pb_cat_dur, hb_cache_id, hb_deal?} per bid whose VAST was cached.
import type { BidResponse, Imp } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../../auction/types.js';
import { isObj, type PodConfig, type PodError } from './validate.js';
import { podDuration } from './pods.js';
import { withProps } from '@gavel/common';

export interface PodTargeting {
  hb_pb: string;
  hb_pb_cat_dur: string;
  hb_cache_id: string;
  hb_deal?: string;
}

export interface AdPod {
  podid: number;
  targeting: PodTargeting[];
  /** Contract shape: map (bidder code, or the namespace for request-level problems) → issues. */
  errors?: Record<string, ResponseIssue[]>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The bidder-keyed price bucket (`hb_pb_<bidder>`, maybe truncated), else the winner's. */
function priceBucket(targeting: Record<string, unknown>): string | undefined {
  const keys = Object.keys(targeting).filter((k) => k.startsWith('hb_pb') && !k.startsWith('hb_pb_cat_dur'));
  const keyed = keys.find((k) => k !== 'hb_pb') ?? keys[0];
  return keyed === undefined ? undefined : str(targeting[keyed]);
}

export function toVideoResponse(
  response: BidResponse,
  ns: ExtNamespace,
  pc: PodConfig,
  imps: readonly Imp[],
  podErrors: readonly PodError[],
): { adPods: AdPod[] } {
  const slotDuration = new Map(imps.map((imp) => [imp.id, imp.video?.maxduration]));
  const pods = new Map<number, AdPod>(pc.pods.map((p) => [p.podid, { podid: p.podid, targeting: [] }]));
  for (const seat of response.seatbid ?? []) {
    for (const bid of seat.bid) {
      const ext = isObj(bid.ext) && isObj(bid.ext[ns]) ? bid.ext[ns] : {};
      const cache = isObj(ext['cache']) && isObj(ext['cache']['vastXml']) ? ext['cache']['vastXml'] : {};
      const cacheId = str(cache['cacheId']);
      const pb = priceBucket(isObj(ext['targeting']) ? ext['targeting'] : {});
      const pod = pods.get(Number(bid.impid.split('_')[0]));
      if (cacheId === undefined || pb === undefined || pod === undefined) continue;
      const video = isObj(ext['video']) ? ext['video'] : {};
      const own =
        typeof video['duration'] === 'number' && video['duration'] > 0 ? video['duration'] : undefined;
      const dur = own !== undefined ? podDuration(own, pc) : slotDuration.get(bid.impid);
      if (dur === undefined) continue;
      const cat = str(video['primary_category']) ?? (bid.cat?.length === 1 ? str(bid.cat[0]) : undefined);
      const entry: PodTargeting = {
        hb_pb: pb,
        hb_pb_cat_dur: cat === undefined ? `${pb}_${dur}s` : `${pb}_${cat}_${dur}s`,
        hb_cache_id: cacheId,
      };
      const deal = str(bid.dealid);
      if (deal !== undefined) entry.hb_deal = deal;
      pod.targeting.push(entry);
    }
  }
  // A pod left without targeting says why: the auction's errors (bidders, cache), contract-shaped.
  const auctionErrors = isObj(response.ext) && isObj(response.ext['errors']) ? response.ext['errors'] : {};
  const adPods = [...pods.values()].map((pod) =>
    pod.targeting.length === 0 && Object.keys(auctionErrors).length > 0
      ? withProps(pod, { errors: auctionErrors as Record<string, ResponseIssue[]> })
      : pod,
  );
  for (const e of podErrors)
    adPods.push({
      podid: e.podid,
      targeting: [],
      errors: { [ns]: e.messages.map((message) => ({ code: 2, message })) },
    });
  return { adPods };
}
