// Reading `alternatebiddercodes` from the request (`ext.{ns}.alternatebiddercodes`) and the account
// document (`alternatebiddercodes`), choosing between them (G exchange.go: the request's object, when
// present, replaces the account's), and the per-bidder copy sent to each bidder (G utils.go
// buildRequestExtAlternateBidderCodes).
import { setOwn } from '@gavel/common';
import { adapterEntry, type AdapterAlternateCodes, type AlternateBidderCodes } from './codes.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function readEnabled(v: unknown, path: string, errors: string[]): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'boolean') return v;
  errors.push(`${path} must be a boolean`);
  return false;
}

function readEntry(v: unknown, path: string, errors: string[]): AdapterAlternateCodes | undefined {
  if (v === null) return { enabled: false };
  if (!isRecord(v)) {
    errors.push(`${path} must be an object`);
    return undefined;
  }
  const entry: AdapterAlternateCodes = { enabled: readEnabled(v['enabled'], `${path}.enabled`, errors) };
  const codes = v['allowedbiddercodes'];
  if (codes === undefined || codes === null) return entry;
  if (!Array.isArray(codes) || !codes.every((c) => typeof c === 'string')) {
    errors.push(`${path}.allowedbiddercodes must be an array of strings`);
    return entry;
  }
  entry.allowedBidderCodes = codes;
  return entry;
}

/**
 * Decodes an `alternatebiddercodes` object. `settings` undefined = absent or null; errors name the
 * field (`path` prefix) whose JSON type is wrong (upstream refuses such a request / account).
 */
export function parseAlternateBidderCodes(
  raw: unknown,
  path: string,
): { settings?: AlternateBidderCodes; errors: string[] } {
  if (raw === undefined || raw === null) return { errors: [] };
  if (!isRecord(raw)) return { errors: [`${path} must be an object`] };
  const errors: string[] = [];
  const settings: AlternateBidderCodes = { enabled: readEnabled(raw['enabled'], `${path}.enabled`, errors) };
  const bidders = raw['bidders'];
  if (isRecord(bidders)) {
    const map = new Map<string, AdapterAlternateCodes>();
    for (const [name, v] of Object.entries(bidders)) {
      const entry = readEntry(v, `${path}.bidders.${name}`, errors);
      if (entry) map.set(name, entry);
    }
    settings.bidders = map;
  } else if (bidders !== undefined && bidders !== null) {
    errors.push(`${path}.bidders must be an object`);
  }
  return errors.length ? { errors } : { settings, errors };
}

export interface AlternateCodesInput {
  /** The request's `ext.{ns}` object (its `alternatebiddercodes` is read). */
  requestExt?: unknown;
  /** The ext namespace, for error paths ('core' or 'prebid'). */
  ns?: string;
  /** The account document's `alternatebiddercodes` value. */
  account?: unknown;
}

export interface AlternateCodesResult {
  /** undefined = configured nowhere: only a bidder's own name is allowed as seat. */
  settings?: AlternateBidderCodes;
  /** Where the settings came from. */
  source?: 'request' | 'account';
  /** Problems of the request's object (400 upstream). */
  requestErrors: string[];
  /** Problems of the account's object (malformed account upstream). */
  accountErrors: string[];
}

/** G: the request's object when present (even `{}`), otherwise the account's. */
export function alternateCodesFor(input: AlternateCodesInput): AlternateCodesResult {
  const rawReq = isRecord(input.requestExt) ? input.requestExt['alternatebiddercodes'] : undefined;
  const req = parseAlternateBidderCodes(rawReq, `request.ext.${input.ns ?? 'core'}.alternatebiddercodes`);
  const acc = parseAlternateBidderCodes(input.account, 'alternatebiddercodes');
  const base = { requestErrors: req.errors, accountErrors: acc.errors };
  if (req.settings) return { ...base, settings: req.settings, source: 'request' };
  if (acc.settings) return { ...base, settings: acc.settings, source: 'account' };
  return base;
}

/** JSON of one bidder's entry, as upstream marshals it (`allowedbiddercodes: null` when unset). */
function entryJson(e: AdapterAlternateCodes): Record<string, unknown> {
  return { enabled: e.enabled, allowedbiddercodes: e.allowedBidderCodes ? [...e.allowedBidderCodes] : null };
}

/**
 * `ext.{ns}.alternatebiddercodes` of the copy sent to `bidder` (G buildRequestExtAlternateBidderCodes):
 * the flag plus only that bidder's entry (keyed by `bidder`), `bidders: null` when it has none.
 * undefined = leave the key out.
 */
export function bidderRequestAlternateCodes(
  settings: AlternateBidderCodes | undefined,
  bidder: string,
): Record<string, unknown> | undefined {
  if (!settings) return undefined;
  const found = adapterEntry(settings, bidder);
  return { enabled: settings.enabled, bidders: found ? { [bidder]: entryJson(found.entry) } : null };
}

/** The whole settings as wire JSON (e.g. for debug output of the resolved request). */
export function alternateCodesJson(settings: AlternateBidderCodes): Record<string, unknown> {
  if (!settings.bidders) return { enabled: settings.enabled, bidders: null };
  const bidders: Record<string, unknown> = {};
  for (const [name, e] of settings.bidders) setOwn(bidders, name, entryJson(e));
  return { enabled: settings.enabled, bidders };
}
