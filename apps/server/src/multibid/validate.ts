// `ext.{ns}.multibid` validation (G openrtb_ext.ValidateAndBuildExtMultiBid). Every problem is a
// warning (code 10006) whose text is G's, byte for byte, including the entry as Go's %v prints it
// at that moment: `{Bidder:x, Bidders:[a b], MaxBids:<nil>, TargetBidderCodePrefix:}`.
// Per entry, in order:
//   maxbids missing/null          → "maxBids not defined for …", entry dropped
//   maxbids < 1 / > 9             → "invalid maxBids value, using minimum 1|maximum 9 limit for …", clamped
//   bidder set, already seen      → "multiBid already defined for <b>, ignoring this instance …", dropped
//   bidder set and bidders given  → "ignoring bidders from …", bidders dropped
//   bidders only: each seen one   → "multiBid already defined for <b>, ignoring this instance …", skipped
//   bidders only with a prefix    → "ignoring targetbiddercodeprefix for …", prefix dropped
//   neither                       → "bidder(s) not specified for …", dropped
// "Seen" compares codes as written (G); lookups afterwards are case-insensitive (multiBidByBidder).
import { MULTI_BID_WARNING_CODE, type MultiBidEntry, type MultiBidWarning } from './types.js';

export const MIN_BID_LIMIT = 1;
export const MAX_BID_LIMIT = 9;

export interface MultiBidValidation {
  /** The entries that survive, in request order (G's validated list: it replaces the request's). */
  entries: MultiBidEntry[];
  warnings: MultiBidWarning[];
  /** The block has the wrong JSON shape: G cannot unmarshal `ext.prebid` and rejects the request. */
  error?: string;
}

/** An entry as read, before validation (Go %v prints this). */
export interface Draft {
  bidder: string;
  bidders: string[] | undefined;
  maxBids: number | undefined;
  prefix: string;
}

/** Go's %v of ExtMultiBid. */
export function formatEntry(d: Draft): string {
  const bidders = `[${(d.bidders ?? []).join(' ')}]`;
  const maxBids = d.maxBids === undefined ? '<nil>' : String(d.maxBids);
  return `{Bidder:${d.bidder}, Bidders:${bidders}, MaxBids:${maxBids}, TargetBidderCodePrefix:${d.prefix}}`;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function readDraft(v: unknown, at: string): Draft | string {
  if (!isObj(v)) return `${at} must be an object`;
  const { bidder, bidders, maxbids, targetbiddercodeprefix: prefix } = v;
  if (bidder != null && typeof bidder !== 'string') return `${at}.bidder must be a string`;
  if (prefix != null && typeof prefix !== 'string') return `${at}.targetbiddercodeprefix must be a string`;
  if (maxbids != null && !Number.isSafeInteger(maxbids)) return `${at}.maxbids must be an integer`;
  if (
    bidders != null &&
    !(Array.isArray(bidders) && bidders.every((b) => b === null || typeof b === 'string'))
  )
    return `${at}.bidders must be an array of strings`;
  return {
    bidder: bidder ?? '',
    bidders: bidders == null ? undefined : (bidders as Array<string | null>).map((b) => b ?? ''),
    maxBids: (maxbids as number | null | undefined) ?? undefined,
    prefix: prefix ?? '',
  };
}

function clampMaxBids(d: Draft & { maxBids: number }, warn: (m: string) => void): void {
  if (d.maxBids < MIN_BID_LIMIT) {
    warn(`invalid maxBids value, using minimum ${MIN_BID_LIMIT} limit for ${formatEntry(d)}`);
    d.maxBids = MIN_BID_LIMIT;
  }
  if (d.maxBids > MAX_BID_LIMIT) {
    warn(`invalid maxBids value, using maximum ${MAX_BID_LIMIT} limit for ${formatEntry(d)}`);
    d.maxBids = MAX_BID_LIMIT;
  }
}

function addBidders(d: Draft, maxBids: number, seen: Set<string>, warn: (m: string) => void) {
  const kept: string[] = [];
  for (const b of d.bidders ?? []) {
    if (seen.has(b)) {
      warn(`multiBid already defined for ${b}, ignoring this instance ${formatEntry(d)}`);
      continue;
    }
    seen.add(b);
    kept.push(b);
  }
  if (d.prefix !== '') {
    warn(`ignoring targetbiddercodeprefix for ${formatEntry(d)}`);
    d.prefix = '';
  }
  return kept.length > 0 ? { bidders: kept, maxBids } : undefined;
}

function addEntry(d: Draft, seen: Set<string>, warn: (m: string) => void): MultiBidEntry | undefined {
  if (d.maxBids === undefined) {
    warn(`maxBids not defined for ${formatEntry(d)}`);
    return undefined;
  }
  const withMax = d as Draft & { maxBids: number };
  clampMaxBids(withMax, warn);
  if (d.bidder !== '') {
    if (seen.has(d.bidder)) {
      warn(`multiBid already defined for ${d.bidder}, ignoring this instance ${formatEntry(d)}`);
      return undefined;
    }
    if (d.bidders !== undefined) {
      warn(`ignoring bidders from ${formatEntry(d)}`);
      d.bidders = undefined;
    }
    seen.add(d.bidder);
    const entry: MultiBidEntry = { bidder: d.bidder, maxBids: withMax.maxBids };
    if (d.prefix !== '') entry.targetBidderCodePrefix = d.prefix;
    return entry;
  }
  if (d.bidders !== undefined && d.bidders.length > 0) return addBidders(d, withMax.maxBids, seen, warn);
  warn(`bidder(s) not specified for ${formatEntry(d)}`);
  return undefined;
}

/** Validates the raw `multibid` array (any namespace). Never throws. */
export function validateMultiBid(raw: unknown): MultiBidValidation {
  if (raw === undefined || raw === null) return { entries: [], warnings: [] };
  if (!Array.isArray(raw)) return { entries: [], warnings: [], error: 'multibid must be an array' };
  const drafts: Draft[] = [];
  for (const [i, v] of raw.entries()) {
    const d = readDraft(v, `multibid[${i}]`);
    if (typeof d === 'string') return { entries: [], warnings: [], error: d };
    drafts.push(d);
  }
  const warnings: MultiBidWarning[] = [];
  const warn = (message: string) => warnings.push({ code: MULTI_BID_WARNING_CODE, message });
  const seen = new Set<string>();
  const entries: MultiBidEntry[] = [];
  for (const d of drafts) {
    const entry = addEntry(d, seen, warn);
    if (entry) entries.push(entry);
  }
  return { entries, warnings };
}

const entriesByList = new WeakMap<object, readonly MultiBidEntry[]>();

/**
 * The validated entries of an `ext.{ns}.multibid` value, computed once per value: the split reads them
 * for every bidder and the rank step again, all from the same (already validated) request list.
 */
export function multiBidEntriesOf(raw: unknown): readonly MultiBidEntry[] {
  if (raw === null || typeof raw !== 'object') return validateMultiBid(raw).entries;
  let entries = entriesByList.get(raw);
  if (!entries) {
    entries = validateMultiBid(raw).entries;
    entriesByList.set(raw, entries);
  }
  return entries;
}

/**
 * Records `entries` as the validated entries of `list`: for the list the endpoint writes back from
 * entries it has just validated (entryToJson of each), whose validation gives the same entries.
 */
export function keepMultiBidEntries(list: object, entries: readonly MultiBidEntry[]): void {
  entriesByList.set(list, entries);
}
