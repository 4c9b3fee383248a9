// Cadent Aperture MX imps: params applied (tag id, USD floor, the page's https-ness as `secure`), then the
// video checks (mimes and a size; VAST 4.0 protocol dropped) or the banner checks (a size, taken from
// the first format when the banner has none).
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { BidderError } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { asObject } from '../../helpers/parse-json.js';
import { paramIgnoringCase } from '../../helpers/param-lookup.js';
import { omitKeys, withProps } from '@gavel/common';

const VAST_4_0 = 7;
const badInput = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

/** 1 when the page (or app domain / store URL) is served over https, else 0. */
export function secureOf(request: Readonly<BidRequest>): number {
  let location = '';
  if (request.site?.page) location = request.site.page;
  else if (request.app) location = request.app.domain || request.app.storeurl || '';
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(location)?.[1];
  return scheme?.toLowerCase() === 'https' ? 1 : 0;
}

function readParams(imp: Readonly<Imp>): { tagid: string; bidfloor: string } | BidderError {
  const ext = asObject(imp.ext);
  if (!ext.ok) return ext.error;
  const params = ext.value.bidder;
  const fields = asObject(params ?? {});
  const tagid = fields.ok ? paramIgnoringCase(fields.value, 'tagid') : undefined;
  const bidfloor = fields.ok ? paramIgnoringCase(fields.value, 'bidfloor') : undefined;
  const stringOrAbsent = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';
  if (!fields.ok || !stringOrAbsent(tagid) || !stringOrAbsent(bidfloor)) {
    return badInput(`ignoring imp id=${imp.id}, invalid ImpExt`);
  }
  const tag = typeof tagid === 'string' ? tagid : '';
  if (!/^[+-]?\d+$/.test(tag) || Number(tag) === 0 || !Number.isSafeInteger(Number(tag))) {
    return badInput(`ignoring imp id=${imp.id}, invalid tagid must be a String of numbers`);
  }
  return { tagid: tag, bidfloor: typeof bidfloor === 'string' ? bidfloor : '' };
}

function videoImp(imp: Imp): Imp | BidderError {
  const video = imp.video;
  if (!video) return imp;
  if (!video.mimes?.length) return badInput('Video: missing required field mimes');
  if (!video.w && !video.h) return badInput('Video: Need at least one size to build request');
  if (!video.protocols?.length) return imp;
  const protocols = video.protocols.filter((p) => p !== VAST_4_0);
  const cleaned = protocols.length > 0 ? withProps(video, { protocols }) : omitKeys(video, ['protocols']);
  return withProps(imp, { video: cleaned });
}

function bannerImp(imp: Imp): Imp | BidderError {
  const banner = imp.banner;
  if (!banner) return badInput('Request needs to include a Banner object');
  if (banner.w !== undefined || banner.h !== undefined) return imp;
  const [first, ...rest] = banner.format ?? [];
  if (!first) return badInput('Need at least one size to build request');
  const sized = withProps(omitKeys(banner, ['format']), { w: first.w, h: first.h });
  return withProps(imp, { banner: rest.length > 0 ? withProps(sized, { format: rest }) : sized });
}

/** The imp as Cadent expects it, or the error that rejects it. */
export function mapImp(imp: Readonly<Imp>, secure: number): Imp | BidderError {
  const params = readParams(imp);
  if ('code' in params) return params;
  const floor = Number(params.bidfloor.trim() === '' ? NaN : params.bidfloor);
  const changes: Partial<Imp> = { tagid: params.tagid, secure };
  if (Number.isFinite(floor) && floor > 0) Object.assign(changes, { bidfloor: floor, bidfloorcur: 'USD' });
  const base = withProps(imp, changes);
  return imp.video ? videoImp(base) : bannerImp(base);
}
