// Video response (contract "POST /openrtb2/video" Response; notes §14; G buildVideoResponse):
// `adPods[]` with one targeting entry per bid whose VAST was cached, read from the bidder-keyed
// targeting the auction wrote (`hb_pb_<code>`, `hb_pb_cat_dur_<code>`, `hb_uuid_<code>`,
// `hb_deal_<code>`), never recomputed: category mapping, competitive separation and duration
// buckets happened in the auction (categories/).
import type { Bid, BidResponse } from '../../openrtb/types.js';
import type { ExtNamespace, ResponseIssue } from '../../auction/types.js';
import { truncateKey } from '../../targeting/build-keys.js';
import { isObj, type Obj, type PodConfig, type PodError } from './validate.js';
import { podDuration } from './pods.js';
import { withProps } from '@gavel/common';

export interface PodTargeting {
  hb_pb: string;
  /** Absent only when the auction computed none (category mapping not wired). */
  hb_pb_cat_dur?: string;
  /** The VAST cache id (the auction's `hb_uuid_<code>`). */
  hb_cache_id: string;
  hb_deal?: string;
}

export interface AdPod {
  podid: number;
  targeting: PodTargeting[];
  /** Contract shape: map (bidder code, or the namespace for request-level problems) → issues. */
  errors?: Record<string, ResponseIssue[]>;
}

export interface VideoResponseInput {
  response: BidResponse;
  ns: ExtNamespace;
  /** The pods that went to the auction. */
  podconfig: PodConfig;
  /** Pods dropped before the auction (validation, stored imp not found). */
  podErrors: readonly PodError[];
  /** Targeting key prefix (`hb`). */
  prefix: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** `bid.ext.<ns>`, or an empty object. */
function nsExtOf(bid: Bid, ns: ExtNamespace): Obj {
  const own: unknown = isObj(bid.ext) ? bid.ext[ns] : undefined;
  return isObj(own) ? own : {};
}

/** The targeting of one bid as the video response shows it, or undefined when it has no cached VAST. */
export function podTargetingOf(
  bid: Bid,
  seat: string,
  o: { ns: ExtNamespace; prefix: string },
): PodTargeting | undefined {
  const ext = nsExtOf(bid, o.ns);
  const targeting: Obj = isObj(ext['targeting']) ? ext['targeting'] : {};
  // Keys carry the targeting code: the seat, or a multibid code (echoed as targetbiddercode).
  const code = str(ext['targetbiddercode']) ?? seat;
  const value = (suffix: string) => str(targeting[truncateKey(`${o.prefix}${suffix}_${code}`)]);
  const cacheId = value('_uuid');
  const pb = value('_pb');
  if (cacheId === undefined || pb === undefined) return undefined;
  const catDur = value('_pb_cat_dur');
  // JSON key order of the contract: hb_pb, hb_pb_cat_dur, hb_cache_id, hb_deal.
  const entry: PodTargeting =
    catDur === undefined
      ? { hb_pb: pb, hb_cache_id: cacheId }
      : { hb_pb: pb, hb_pb_cat_dur: catDur, hb_cache_id: cacheId };
  const deal = value('_deal');
  if (deal !== undefined) entry.hb_deal = deal;
  return entry;
}

/**
 * Contract duration rule 2: with `requireexactduration` a bid whose declared duration is not one of
 * `durationrangesec` is not offered (G keeps it under its own duration). A bid without a declared
 * duration stays, as the auction bucketed it.
 */
function durationAllowed(bid: Bid, ns: ExtNamespace, pc: PodConfig): boolean {
  if (!pc.requireexactduration) return true;
  const ext = nsExtOf(bid, ns);
  const video = isObj(ext['video']) ? ext['video'] : {};
  const dur = video['duration'];
  if (typeof dur !== 'number' || dur <= 0) return true;
  return podDuration(dur, pc) !== undefined;
}

export function toVideoResponse(input: VideoResponseInput): { adPods: AdPod[] } {
  const { response, ns, podconfig: pc } = input;
  const pods = new Map<number, AdPod>(pc.pods.map((p) => [p.podid, { podid: p.podid, targeting: [] }]));
  for (const seat of response.seatbid ?? []) {
    for (const bid of seat.bid) {
      const pod = pods.get(Number(bid.impid.split('_')[0]));
      if (pod === undefined || !durationAllowed(bid, ns, pc)) continue;
      const entry = podTargetingOf(bid, seat.seat ?? '', { ns, prefix: input.prefix });
      if (entry !== undefined) pod.targeting.push(entry);
    }
  }
  // A pod left without targeting says why: the auction's errors (bidders, cache, categories).
  const auctionErrors = isObj(response.ext) && isObj(response.ext['errors']) ? response.ext['errors'] : {};
  const adPods = [...pods.values()].map((pod) =>
    pod.targeting.length === 0 && Object.keys(auctionErrors).length > 0
      ? withProps(pod, { errors: auctionErrors as Record<string, ResponseIssue[]> })
      : pod,
  );
  for (const e of input.podErrors)
    adPods.push({
      podid: e.podid,
      targeting: [],
      errors: { [ns]: e.messages.map((message) => ({ code: 2, message })) },
    });
  return { adPods };
}
