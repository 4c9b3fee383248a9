// The POST /cookie_sync body (contract "POST /cookie_sync" table; notes §3 "Request body"): JSON,
// also as text/plain (Prebid.js). Hand-checked field by field so each 400 names its field.
import { BadRequestError, withProps } from '@gavel/common';
import type { FilterSettings, TypeFilter } from '../../usersync/choose-syncs.js';

export interface CookieSyncBody {
  /** The publisher's account (its activity controls decide syncUser); '' when none. */
  account: string;
  bidders?: string[];
  gdpr?: 0 | 1;
  gdprConsent: string;
  usPrivacy: string;
  gpp: string;
  gppSid: string;
  /** Absent or ≤ 0: the host default applies. */
  limit?: number;
  coopSync?: boolean;
  filterSettings?: FilterSettings;
  debug: boolean;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function optString(doc: Record<string, unknown>, field: string): string {
  const v = doc[field];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new BadRequestError(`${field} must be a string`, field);
  return v;
}

function typeFilter(v: unknown, field: string): TypeFilter | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new BadRequestError(`${field} must be an object`, field);
  const filter = v.filter ?? 'include'; // the contract's default (G rejects a missing filter)
  if (filter !== 'include' && filter !== 'exclude') {
    throw new BadRequestError(`${field}.filter must be either "include" or "exclude"`, `${field}.filter`);
  }
  const bidders = v.bidders ?? '*';
  if (bidders !== '*' && !(Array.isArray(bidders) && bidders.every((b) => typeof b === 'string'))) {
    throw new BadRequestError(`${field}.bidders must be "*" or an array of bidder names`, `${field}.bidders`);
  }
  return { bidders: bidders as TypeFilter['bidders'], filter };
}

export function parseCookieSyncBody(text: string): CookieSyncBody {
  let doc: unknown = {};
  if (text.trim() !== '') {
    try {
      doc = JSON.parse(text);
    } catch (err) {
      throw new BadRequestError(`JSON parsing failed: ${(err as Error).message}`, 'body');
    }
  }
  if (!isObject(doc)) throw new BadRequestError('the body must be a JSON object', 'body');

  const out: CookieSyncBody = {
    gdprConsent: optString(doc, 'gdpr_consent'),
    usPrivacy: optString(doc, 'us_privacy'),
    gpp: optString(doc, 'gpp'),
    gppSid: optString(doc, 'gpp_sid'),
    account: optString(doc, 'account'),
    debug: doc.debug === true,
  };
  const { bidders, gdpr, limit, coopSync } = doc;
  if (bidders !== undefined && bidders !== null) {
    if (!Array.isArray(bidders) || !bidders.every((b) => typeof b === 'string')) {
      throw new BadRequestError('bidders must be an array of bidder names', 'bidders');
    }
    out.bidders = bidders;
  }
  if (gdpr !== undefined && gdpr !== null) {
    if (gdpr !== 0 && gdpr !== 1) throw new BadRequestError('gdpr must be 0 or 1', 'gdpr');
    out.gdpr = gdpr;
  }
  if (limit !== undefined && limit !== null) {
    if (typeof limit !== 'number' || !Number.isInteger(limit)) {
      throw new BadRequestError('limit must be an integer', 'limit');
    }
    if (limit > 0) out.limit = limit;
  }
  if (coopSync !== undefined && coopSync !== null) {
    if (typeof coopSync !== 'boolean') throw new BadRequestError('coopSync must be a boolean', 'coopSync');
    out.coopSync = coopSync;
  }
  const fs = doc.filterSettings;
  if (fs !== undefined && fs !== null) {
    if (!isObject(fs)) throw new BadRequestError('filterSettings must be an object', 'filterSettings');
    const iframe = typeFilter(fs.iframe, 'filterSettings.iframe');
    const image = typeFilter(fs.image, 'filterSettings.image');
    out.filterSettings = withProps(iframe ? { iframe } : {}, image ? { image } : {});
  }
  return out;
}
