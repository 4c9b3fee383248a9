// Parses and checks the POST /vtrack body (contract "POST /vtrack"; notes §6, J's checks): every
// problem is reported, each line naming the put and field.

export interface VtrackPut {
  bidid: string;
  bidder: string;
  value: string;
  ttlseconds?: number;
  /** Auction timestamp (ms), carried into the tracker URL. */
  timestamp?: number;
  /** Auction id, carried into the tracker URL. */
  aid?: string;
  /** Cache key, passed to the cache as is. */
  key?: string;
}

export type VtrackBodyResult = { ok: true; puts: VtrackPut[] } | { ok: false; errors: string[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function checkPut(p: unknown, at: string, errors: string[]): VtrackPut | undefined {
  if (!isObj(p)) {
    errors.push(`${at} must be an object`);
    return undefined;
  }
  const before = errors.length;
  const { bidid, bidder, type, value, ttlseconds, timestamp, aid, key } = p;
  if (typeof bidid !== 'string' || bidid === '') errors.push(`${at}.bidid is required and can't be empty`);
  if (typeof bidder !== 'string' || bidder === '') errors.push(`${at}.bidder is required and can't be empty`);
  if (type !== 'xml') errors.push(`${at}.type: vtrack only accepts type xml`);
  if (typeof value !== 'string' || !/<vast/i.test(value)) {
    errors.push(`${at}.value: vtrack content must be VAST XML (a string containing <VAST)`);
  }
  if (ttlseconds !== undefined && !isCount(ttlseconds)) {
    errors.push(`${at}.ttlseconds must be a non-negative integer`);
  }
  if (timestamp !== undefined && !isCount(timestamp)) {
    errors.push(`${at}.timestamp must be a timestamp in milliseconds`);
  }
  if (aid !== undefined && typeof aid !== 'string') errors.push(`${at}.aid must be a string`);
  if (key !== undefined && typeof key !== 'string') errors.push(`${at}.key must be a string`);
  if (errors.length > before) return undefined;
  return {
    bidid: bidid as string,
    bidder: bidder as string,
    value: value as string,
    ...(ttlseconds !== undefined ? { ttlseconds: ttlseconds as number } : {}),
    ...(timestamp !== undefined ? { timestamp: timestamp as number } : {}),
    ...(aid ? { aid: aid as string } : {}),
    ...(key ? { key: key as string } : {}),
  };
}

export function parseVtrackBody(text: string): VtrackBodyResult {
  if (text.trim() === '') return { ok: false, errors: ['request body is empty'] };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`request body is not valid JSON: ${(err as Error).message}`] };
  }
  if (!isObj(doc) || !Array.isArray(doc['puts'])) {
    return { ok: false, errors: ['request body must be {"puts": [...]} with puts an array'] };
  }
  const errors: string[] = [];
  const puts = doc['puts'].map((p, i) => checkPut(p, `puts[${i}]`, errors));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, puts: puts.filter((p): p is VtrackPut => p !== undefined) };
}
