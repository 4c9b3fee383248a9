// PubMatic imp translation: ad slot "name@WxH" → tagid (+ banner size), kadfloor → bidfloor, and the
// targeting params (keywords, pmzoneid, dctr, first-party data) flattened into imp.ext.
import type { Banner, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { readImpExt } from '../../helpers/imp-ext.js';
import { inputError } from '../../helpers/bid-response.js';
import { maxPrice } from '../../helpers/price-max.js';
import { withProps } from '@gavel/common';

export interface PubmaticParams {
  publisherId?: string;
  adSlot?: string;
  pmzoneid?: string;
  kadfloor?: string;
  dctr?: string;
  wrapper?: { profile?: number; version?: number };
  keywords?: { key: string; value?: string[] }[];
}

export interface TranslatedImp {
  imp: Imp;
  params: PubmaticParams;
}

function parseSlot(slot: string): { tagid: string; w?: number; h?: number } | BidderError {
  const parts = slot.split('@');
  if (parts.length === 1) return { tagid: slot };
  const [name = '', size = ''] = parts;
  if (parts.length !== 2 || !name || !size) return inputError(`Invalid adSlot ${slot}`);
  const dims = size.toLowerCase().split('x');
  if (dims.length !== 2) return inputError(`Invalid size provided in adSlot ${slot}`);
  const w = toInt(dims[0] ?? '');
  if (w === undefined) return inputError(`Invalid width provided in adSlot ${slot}`);
  const h = toInt((dims[1] ?? '').split(':')[0] ?? '');
  if (h === undefined) return inputError(`Invalid height provided in adSlot ${slot}`);
  return { tagid: name.trim(), w, h };
}

function toInt(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

function sizedBanner(banner: Readonly<Banner>, w?: number, h?: number): { banner: Banner } | BidderError {
  if (banner.w !== undefined && banner.h !== undefined) return { banner };
  if (w && h) return { banner: withProps(banner, { w, h }) };
  const first = banner.format?.[0];
  if (!first) return inputError('No sizes provided for Banner []');
  return { banner: withProps(banner, { w: first.w, h: first.h }) };
}

/** Flattens first-party data into `key_val` ("k=v1,v2" joined by '|') and the GAM ad unit code. */
function addFirstPartyData(data: Record<string, unknown>, ext: Record<string, unknown>): void {
  const adserver = data.adserver as { name?: unknown; adslot?: unknown } | undefined;
  if (adserver?.name === 'gam' && typeof adserver.adslot === 'string' && adserver.adslot) {
    ext.dfp_ad_unit_code = adserver.adslot;
  } else if (typeof data.pbadslot === 'string' && data.pbadslot) ext.dfp_ad_unit_code = data.pbadslot;
  const pairs = typeof ext.key_val === 'string' && ext.key_val ? [ext.key_val] : [];
  for (const key of Object.keys(data).sort()) {
    if (key === 'adserver' || key === 'pbadslot') continue;
    const value = data[key];
    if (typeof value === 'string') pairs.push(`${key.trim()}=${value.trim()}`);
    else if (typeof value === 'number' || typeof value === 'boolean')
      pairs.push(`${key.trim()}=${String(value)}`);
    else if (Array.isArray(value)) {
      const items = value.filter((v): v is string => typeof v === 'string').map((v) => v.trim());
      if (items.length) pairs.push(`${key.trim()}=${items.join(',')}`);
    }
  }
  if (pairs.length) ext.key_val = pairs.join('|');
}

function buildExt(params: PubmaticParams, impExt: Record<string, unknown>): Record<string, unknown> {
  const ext: Record<string, unknown> = {};
  for (const { key, value } of params.keywords ?? []) {
    if (value?.length) ext[key === 'pmZoneID' ? 'pmZoneId' : key] = value.join(',');
  }
  if (params.dctr) ext.key_val = params.dctr;
  if (params.pmzoneid) ext.pmZoneId = params.pmzoneid;
  if (impExt.skadn !== undefined) ext.skadn = impExt.skadn;
  if (impExt.data && typeof impExt.data === 'object')
    addFirstPartyData(impExt.data as Record<string, unknown>, ext);
  if (impExt.ae) ext.ae = impExt.ae;
  if (typeof impExt.gpid === 'string' && impExt.gpid) ext.gpid = impExt.gpid;
  return ext;
}

export function translateImp(imp: Readonly<Imp>): TranslatedImp | BidderError {
  if (!imp.banner && !imp.video && !imp.native) {
    return inputError(
      `invalid MediaType. PubMatic only supports Banner, Video and Native. Ignoring ImpID=${imp.id}`,
    );
  }
  const read = readImpExt(imp);
  if ('error' in read) return read.error;
  const params = read.parts.bidder as PubmaticParams;
  const copy: Imp = { ...imp };
  delete copy.audio;
  const floor = params.kadfloor?.trim();
  // kadfloor may raise the imp's floor, never lower it.
  if (floor && Number.isFinite(Number(floor))) copy.bidfloor = maxPrice(Number(floor), imp.bidfloor);
  const slot = params.adSlot?.trim() ? parseSlot(params.adSlot.trim()) : undefined;
  if (slot && 'message' in slot) return slot;
  if (slot) copy.tagid = slot.tagid;
  if (imp.banner) {
    const sized = sizedBanner(imp.banner, slot?.w, slot?.h);
    if ('message' in sized) return sized;
    copy.banner = sized.banner;
  }
  const ext = buildExt(params, read.parts.ext);
  if (Object.keys(ext).length) copy.ext = ext;
  else delete copy.ext;
  return { imp: copy, params };
}
