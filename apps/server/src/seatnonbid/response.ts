// When and where seat-non-bid reaches the response (G endpoints/openrtb2 setSeatNonBid /
// setSeatNonBidRaw, for /openrtb2/auction, /openrtb2/amp and /openrtb2/video): only when the request
// says `ext.{ns}.returnallbidstatus: true`, as `ext.{ns}.seatnonbid`, left out when empty.
import type { SeatNonBid } from './collector.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `ext.{ns}.returnallbidstatus` of the request (its `ext.{ns}` object); anything but `true` is off. */
export function returnAllBidStatus(requestExtNs: unknown): boolean {
  return isRecord(requestExtNs) && requestExtNs['returnallbidstatus'] === true;
}

export interface ApplySeatNonBidInput {
  /** The response's `ext` as built so far (not mutated). */
  responseExt: Record<string, unknown> | undefined;
  ns: string;
  /** `returnAllBidStatus(request.ext[ns])`. */
  returnAllBidStatus: boolean;
  /** `collector.seats()`. */
  seats: readonly SeatNonBid[];
}

/**
 * The response `ext` with `ext.{ns}.seatnonbid` set when asked for. As upstream, asking creates the
 * `ext.{ns}` object even when nothing was collected (`seatnonbid` itself is then omitted). Returns
 * the input object when nothing changes.
 */
export function applySeatNonBid(input: ApplySeatNonBidInput): Record<string, unknown> | undefined {
  const { responseExt, ns, seats } = input;
  if (!input.returnAllBidStatus) return responseExt;
  const current = responseExt?.[ns];
  const nsObject: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  if (seats.length > 0) nsObject['seatnonbid'] = seats;
  else delete nsObject['seatnonbid'];
  return { ...responseExt, [ns]: nsObject };
}
