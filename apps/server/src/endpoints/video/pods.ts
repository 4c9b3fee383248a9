// Ad pods → imps (notes §14 "Imps from pods", G and J agree): one imp per slot of a pod, the pod's
// stored imp (configid) with the request's video object; ids `<podid>_<index>`.
import type { Imp, Video } from '../../openrtb/types.js';
import type { Pod, PodConfig } from './validate.js';
import { withProps } from '@gavel/common';

// Loops rather than Math.min(...xs): spreading a request-sized array can overflow the stack.
const minOf = (xs: readonly number[]) => xs.reduce((a, b) => (b < a ? b : a), Infinity);
const maxOf = (xs: readonly number[]) => xs.reduce((a, b) => (b > a ? b : a), -Infinity);

/** How many imps (slots) a pod makes: its duration over the shortest allowed one (G, J). */
export function podSlotCount(
  pod: Pick<Pod, 'adpoddurationsec'>,
  pc: Pick<PodConfig, 'durationrangesec' | 'requireexactduration'>,
): number {
  const ranges = pc.durationrangesec;
  const count = Math.floor(pod.adpoddurationsec / minOf(ranges));
  // Exact durations need at least one slot per allowed duration (J also when the pod is shorter than min).
  return pc.requireexactduration || count === 0 ? Math.max(count, ranges.length) : count;
}

export function podImps(pod: Pod, pc: PodConfig, storedImp: Record<string, unknown>, video: Video): Imp[] {
  const ranges = pc.durationrangesec;
  const max = maxOf(ranges);
  const count = podSlotCount(pod, pc);
  const perDuration = Math.max(1, Math.floor(count / ranges.length));
  const imps: Imp[] = [];
  for (let i = 0; i < count; i++) {
    let slotVideo: Video;
    if (pc.requireexactduration) {
      const d = ranges[Math.min(Math.floor(i / perDuration), ranges.length - 1)] ?? max;
      slotVideo = withProps(video, { minduration: d, maxduration: d });
    } else {
      slotVideo = withProps(video, { maxduration: max });
    }
    imps.push(withProps(storedImp, { id: `${pod.podid}_${i}`, video: slotVideo }));
  }
  return imps;
}

/** The allowed duration a bid of `dur` seconds counts as (contract "Duration rules"), or undefined. */
export function podDuration(dur: number, pc: PodConfig): number | undefined {
  if (pc.requireexactduration) return pc.durationrangesec.includes(dur) ? dur : undefined;
  const fits = pc.durationrangesec.filter((d) => d >= dur);
  return fits.length > 0 ? minOf(fits) : undefined;
}
