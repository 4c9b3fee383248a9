// Exchange README §6: the assertions, in upstream's order. Each returns a failure line or undefined.
import { jsonDiff } from '@gavel/common';
import { normalizeOrtb } from './normalize.js';
import type { ExchangeSpec } from './spec.js';
import type { MockCall } from './mock-layer.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function diff(what: string, expected: unknown, actual: unknown): string | undefined {
  const d = jsonDiff(expected, actual);
  return d === undefined ? undefined : `${what}: ${d}`;
}

/** §5.2: every call has an expectation entry; non-null ones must match. */
export function checkCalls(spec: ExchangeSpec, calls: readonly MockCall[]): string | undefined {
  for (const call of calls) {
    const entry = spec.outgoing[call.bidder];
    if (!entry) return `unexpected request to ${call.bidder}`;
    const expect = entry.expectRequest;
    if (!expect) continue;
    const factors = diff(`${call.bidder} bidAdjustments`, expect.bidAdjustments ?? null, call.bidAdjustments);
    if (factors) return factors;
    const req = diff(
      `request to ${call.bidder}`,
      normalizeOrtb(expect.ortbRequest),
      normalizeOrtb(JSON.parse(JSON.stringify(call.request))),
    );
    if (req) return req;
  }
  return undefined;
}

function dealFirst(a: Obj, b: Obj): number {
  const da = typeof a['dealid'] === 'string' && a['dealid'] !== '' ? 1 : 0;
  const db = typeof b['dealid'] === 'string' && b['dealid'] !== '' ? 1 : 0;
  if (da !== db) return db - da;
  const pa = Number(a['price'] ?? 0);
  const pb = Number(b['price'] ?? 0);
  if (pa !== pb) return pb - pa;
  return String(a['id']).localeCompare(String(b['id']));
}

function seatMap(response: unknown): Record<string, unknown> | string {
  const out: Record<string, unknown> = {};
  const seatbid = isObj(response) && Array.isArray(response['seatbid']) ? response['seatbid'] : [];
  for (const sb of seatbid as Obj[]) {
    const bids = Array.isArray(sb['bid']) ? (sb['bid'] as Obj[]) : [];
    if (bids.length === 0) continue;
    const seat = typeof sb['seat'] === 'string' ? sb['seat'] : '';
    if (seat in out) return `duplicate seat ${seat}`;
    out[seat] = normalizeOrtb({ ...sb, bid: [...bids].sort(dealFirst) });
  }
  return out;
}

export function checkSeats(expected: unknown, actual: unknown): string | undefined {
  const e = seatMap(expected);
  const a = seatMap(actual);
  if (typeof e === 'string') return `expected: ${e}`;
  if (typeof a === 'string') return `actual: ${a}`;
  return diff('seatbid', e, a);
}

/** §6.2: a responsetimemillis key per bidder of the auction; then the key is removed. */
export function takeResponseTimes(ext: Obj, bidders: readonly string[]): string | undefined {
  const times = ext['responsetimemillis'];
  if (!isObj(times)) return bidders.length ? 'no responsetimemillis' : undefined;
  const missing = bidders.filter((b) => !(b in times));
  delete ext['responsetimemillis'];
  return missing.length ? `responsetimemillis lacks ${missing.join(', ')}` : undefined;
}

export function extDiff(what: string, expected: unknown, actual: unknown): string | undefined {
  const e = isObj(expected) && Object.keys(expected).length ? expected : undefined;
  const a = isObj(actual) && Object.keys(actual).length ? actual : undefined;
  return diff(what, e ?? null, a ?? null);
}
