// What a denied transmit activity removes from one bidder's copy (G exchange/utils.go applyPrivacy +
// privacy/scrubber.go). Pure: returns a shallow copy where something changed, the input otherwise;
// never mutates (the copies share objects between bidders).
import { Decimal } from 'decimal.js';
import { copyForWrite, omitKeys, withProps } from '@gavel/common';
import type { BidRequest, Geo, Imp } from '../../openrtb/types.js';
import { maskIpv4, maskIpv6 } from './ip.js';
import type { TransmitDecisions } from './types.js';

/** G scrubDeviceIDs. */
export const UFPD_DEVICE_FIELDS = [
  'didmd5',
  'didsha1',
  'dpidmd5',
  'dpidsha1',
  'ifa',
  'macmd5',
  'macsha1',
] as const;
/** G scrubUserIDs, plus `eids` (G ScrubUserFPD sets user.eids to nil). */
export const UFPD_USER_FIELDS = [
  'data',
  'id',
  'buyeruid',
  'yob',
  'gender',
  'keywords',
  'kwarray',
  'eids',
] as const;
/**
 * `user.ext` keys: `data` (G), and `eids`: G's request is 2.6 here (the endpoint moved ext.eids to
 * user.eids), so a 2.5-shaped copy's `ext.eids` is the same data in its 2.5 place.
 */
export const UFPD_USER_EXT_FIELDS = ['data', 'eids'] as const;

export interface ScrubOptions {
  /** Leading IPv4 bits kept (account `privacy.ipv4.anon_keep_bits`; G default 24). */
  ipv4KeepBits?: number;
  /** Leading IPv6 bits kept (account `privacy.ipv6.anon_keep_bits`; G default 56). */
  ipv6KeepBits?: number;
}

function without<T extends object>(obj: T, keys: readonly string[]): T {
  return keys.some((k) => Object.hasOwn(obj, k)) ? omitKeys(obj, keys) : obj;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** transmitUfpd denied (G ScrubUserFPD): device ids, user ids/demographics/data/eids. */
export function scrubUserFpd(req: BidRequest): BidRequest {
  let out = req;
  if (req.device) {
    const device = without(req.device, UFPD_DEVICE_FIELDS);
    if (device !== req.device) out = withProps(out, { device });
  }
  if (req.user) {
    let user = without(req.user, UFPD_USER_FIELDS);
    if (isObj(user.ext)) {
      const ext = without(user.ext, UFPD_USER_EXT_FIELDS);
      // A user.ext left empty is dropped (G's request wrapper writes no ext for an empty map).
      if (ext !== user.ext)
        user = Object.keys(ext).length > 0 ? withProps(user, { ext }) : omitKeys(user, ['ext']);
    }
    if (user !== req.user) out = withProps(out, { user });
  }
  return out;
}

/** Half away from zero at 2 places on the value as written (house rule, docs/decisions.md "What is scrubbed"). */
function round2(x: number): number {
  return new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

function roundGeo(geo: Geo): Geo {
  if (typeof geo.lat !== 'number' && typeof geo.lon !== 'number') return geo;
  const out: Geo = copyForWrite(geo);
  if (typeof geo.lat === 'number') out.lat = round2(geo.lat);
  if (typeof geo.lon === 'number') out.lon = round2(geo.lon);
  return out;
}

/** transmitPreciseGeo denied (G ScrubGeoAndDeviceIP): IPs masked, device.geo and user.geo lat/lon rounded. */
export function scrubPreciseGeo(req: BidRequest, opts: ScrubOptions = {}): BidRequest {
  let out = req;
  const d = req.device;
  if (d) {
    const device = copyForWrite(d);
    if (typeof d.ip === 'string') device.ip = maskIpv4(d.ip, opts.ipv4KeepBits ?? 24);
    if (typeof d.ipv6 === 'string') device.ipv6 = maskIpv6(d.ipv6, opts.ipv6KeepBits ?? 56);
    if (isObj(d.geo)) device.geo = roundGeo(d.geo);
    if (device.ip !== d.ip || device.ipv6 !== d.ipv6 || device.geo !== d.geo)
      out = withProps(out, { device });
  }
  const u = req.user;
  if (u && isObj(u.geo)) {
    const geo = roundGeo(u.geo);
    if (geo !== u.geo) out = withProps(out, { user: withProps(u, { geo }) });
  }
  return out;
}

function impWithoutTid(imp: Imp): Imp {
  if (!isObj(imp.ext) || !Object.hasOwn(imp.ext, 'tid')) return imp;
  // An imp.ext left empty stays `{}` (G re-marshals the map).
  return withProps(imp, { ext: omitKeys(imp.ext, ['tid']) });
}

/** transmitTid denied (G ScrubTID): `source.tid` and every `imp[].ext.tid`. */
export function scrubTid(req: BidRequest): BidRequest {
  let out = req;
  if (req.source && Object.hasOwn(req.source, 'tid'))
    out = withProps(out, { source: omitKeys(req.source, ['tid']) });
  const imp = req.imp.map(impWithoutTid);
  if (imp.some((m, i) => m !== req.imp[i])) out = withProps(out, { imp });
  return out;
}

/**
 * The bidder's copy with the effect of each denied transmit activity, in G's order (ufpd, geo, tid).
 * `transmitUniqueRequestIds` has no effect: neither upstream removes anything for it (G defines and
 * parses it but never asks; J does not have it).
 */
export function applyActivityScrubbing(
  request: BidRequest,
  decisions: TransmitDecisions,
  opts: ScrubOptions = {},
): BidRequest {
  let out = request;
  if (decisions.transmitUfpd === false) out = scrubUserFpd(out);
  if (decisions.transmitPreciseGeo === false) out = scrubPreciseGeo(out, opts);
  if (decisions.transmitTid === false) out = scrubTid(out);
  return out;
}
