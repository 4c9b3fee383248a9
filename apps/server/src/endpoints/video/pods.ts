// Ad pods → imps (notes §14 "Imps from pods", G and J agree): one imp per slot of a pod, the pod's
// stored imp (configid) with the request's video object; ids `<podid>_<index>`.
import type { Imp, Video } from '../../openrtb/types.js';
import type { Pod, PodConfig } from './validate.js';
import { withProps } from '@gavel/common';

export function podImps(pod: Pod, pc: PodConfig, storedImp: Record<string, unknown>, video: Video): Imp[] {
  const ranges = pc.durationrangesec;
  const min = Math.min(...ranges);
  const max = Math.max(...ranges);
  let count = Math.floor(pod.adpoddurationsec / min);
  // Exact durations need at least one slot per allowed duration (J also when the pod is shorter than min).
  if (pc.requireexactduration || count === 0) count = Math.max(count, ranges.length);
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
  return fits.length > 0 ? Math.min(...fits) : undefined;
}
