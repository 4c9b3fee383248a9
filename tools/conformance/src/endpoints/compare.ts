// Verdict rules of the endpoint README: §2.5 (auction bid response, error substring, mock bidder
// requests) and §3 (AMP body). Each function returns undefined when the check passes, else why not.
import { jsonDiff } from '../shared/json-equal.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const clip = (s: string, n = 300): string => (s.length > n ? `${s.slice(0, n)}…` : s);

export function checkStatus(expected: number, actual: number, body: string): string | undefined {
  return expected === actual ? undefined : `status ${actual}, expected ${expected}; body: ${clip(body)}`;
}

export function checkErrorSubstring(expected: string, body: string): string | undefined {
  return body.includes(expected)
    ? undefined
    : `body does not contain ${JSON.stringify(expected)}; body: ${JSON.stringify(clip(body, 500))}`;
}

/** README §8: decoder/validator wording differs by implementation; only the stable prefix is compared. */
export function checkStablePrefix(body: string, prefix = 'Invalid request:'): string | undefined {
  return body.includes(prefix)
    ? undefined
    : `body lacks ${JSON.stringify(prefix)}: ${JSON.stringify(clip(body))}`;
}

function parseBody(body: string): { doc?: unknown; error?: string } {
  try {
    return { doc: JSON.parse(body) as unknown };
  } catch {
    return { error: `response is not JSON: ${clip(body)}` };
  }
}

function checkWarnings(expected: Obj, actual: Obj): string | undefined {
  const expWarnings = arr((expected['warnings'] as Obj | undefined)?.['general']);
  const actWarnings = arr(isObj(actual['warnings']) ? actual['warnings']['general'] : undefined);
  if (expWarnings.length !== actWarnings.length)
    return `ext.warnings.general has ${actWarnings.length} entries, expected ${expWarnings.length}: ${clip(JSON.stringify(actWarnings))}`;
  for (let i = 0; i < expWarnings.length; i++) {
    const want = str((expWarnings[i] as Obj | undefined)?.['message']);
    const got = str((actWarnings[i] as Obj | undefined)?.['message']);
    if (!got.includes(want))
      return `ext.warnings.general[${i}].message ${JSON.stringify(got)} lacks ${JSON.stringify(want)}`;
  }
  return undefined;
}

function checkSeat(seat: string, expected: Obj, actual: Obj): string | undefined {
  if ((expected['group'] ?? 0) !== (actual['group'] ?? 0))
    return `seat ${seat}: group ${String(actual['group'])}, expected ${String(expected['group'])}`;
  const extDiff = jsonDiff(expected['ext'], actual['ext'], `seat ${seat} ext`);
  if (extDiff) return extDiff;
  const expBids = arr(expected['bid']).filter(isObj);
  const actBids = arr(actual['bid']).filter(isObj);
  if (expBids.length !== actBids.length)
    return `seat ${seat}: ${actBids.length} bids, expected ${expBids.length}: ${clip(JSON.stringify(actBids))}`;
  for (const eb of expBids) {
    const id = str(eb['id']);
    const ab = actBids.find((b) => str(b['id']) === id);
    if (!ab)
      return `seat ${seat}: no bid with id ${JSON.stringify(id)} (got ${actBids.map((b) => String(b['id'])).join(', ')})`;
    if (str(eb['impid']) !== str(ab['impid']))
      return `seat ${seat} bid ${id}: impid ${String(ab['impid'])}, expected ${String(eb['impid'])}`;
    if ((eb['price'] ?? 0) !== (ab['price'] ?? 0))
      return `seat ${seat} bid ${id}: price ${String(ab['price'])}, expected ${String(eb['price'])}`;
    if (eb['ext'] !== undefined) {
      const d = jsonDiff(eb['ext'], ab['ext'], `seat ${seat} bid ${id} ext`);
      if (d) return d;
    }
  }
  return undefined;
}

/** README §2.5 item 3. */
export function checkBidResponse(expected: unknown, body: string): string | undefined {
  if (!isObj(expected)) return 'expectedBidResponse is not an object';
  const { doc, error } = parseBody(body);
  if (error) return error;
  if (!isObj(doc)) return `response is not an object: ${clip(body)}`;
  if (str(expected['id']) !== str(doc['id']))
    return `id ${JSON.stringify(doc['id'])}, expected ${JSON.stringify(expected['id'])}`;
  if (str(expected['cur']) !== str(doc['cur']))
    return `cur ${JSON.stringify(doc['cur'])}, expected ${JSON.stringify(expected['cur'])}`;
  if (isObj(expected['ext'])) {
    const w = checkWarnings(expected['ext'], isObj(doc['ext']) ? doc['ext'] : {});
    if (w) return w;
  }
  const expSeats = arr(expected['seatbid']).filter(isObj);
  const actSeats = arr(doc['seatbid']).filter(isObj);
  if (expSeats.length !== actSeats.length)
    return `${actSeats.length} seatbids (${actSeats.map((s) => str(s['seat'])).join(', ')}), expected ${expSeats.length}; response ext: ${clip(JSON.stringify(doc['ext']))}`;
  for (const es of expSeats) {
    const seat = str(es['seat']);
    const as = actSeats.find((s) => str(s['seat']) === seat);
    if (!as)
      return `no seatbid for seat ${JSON.stringify(seat)} (got ${actSeats.map((s) => str(s['seat'])).join(', ')})`;
    const d = checkSeat(seat, es, as);
    if (d) return d;
  }
  return undefined;
}

/** README §3: the whole AMP body JSON-equal to the expectation. */
export function checkAmpBody(expected: unknown, body: string): string | undefined {
  const { doc, error } = parseBody(body);
  if (error) return error;
  const d = jsonDiff(expected, doc, 'amp');
  return d ? `${d}; body: ${clip(body, 600)}` : undefined;
}

/** README §2.5 item 5: each listed bidder's first outgoing call body JSON-equal to the expectation. */
export function checkMockBidderRequests(
  expected: unknown,
  calls: Readonly<Record<string, readonly string[]>>,
): string | undefined {
  if (!isObj(expected)) return undefined;
  for (const [bidder, want] of Object.entries(expected)) {
    const first = calls[bidder]?.[0];
    if (first === undefined) return `mock bidder ${bidder} was never called`;
    const { doc, error } = parseBody(first);
    if (error) return `mock bidder ${bidder}: ${error}`;
    const d = jsonDiff(want, doc, `request to ${bidder}`);
    if (d) return d;
  }
  return undefined;
}

/**
 * README §2.5 item 4, through the debug echo of the resolved request when the server gives one
 * (`ext.debug.resolvedrequest`); `skipped` when it does not (harness accounts disallow debug).
 */
export function checkValidatedRequest(
  expected: unknown,
  body: string,
  debugPath: readonly string[] = ['ext', 'debug', 'resolvedrequest'],
): { failure?: string; skipped?: boolean } {
  if (expected === undefined) return {};
  const { doc } = parseBody(body);
  let node: unknown = doc;
  for (const k of debugPath) node = isObj(node) ? node[k] : undefined;
  if (node === undefined) return { skipped: true };
  const d = jsonDiff(expected, node, 'resolvedrequest');
  return d ? { failure: d } : {};
}
