// What is removed from a bidder's copy (notes §19 "What is scrubbed", G scrubber + J masks): device
// ids, user ids, IP, geo. Every function returns a shallow copy and never mutates its input, because
// the request objects are shared between bidders (performance-notes: no deep clones).
import { Decimal } from 'decimal.js';
import type { BidRequest, Device, Geo, User } from '../openrtb/types.js';
import { maskIpv4, maskIpv6 } from './ip-mask.js';
import { withProps, copyForWrite, omitKeys } from '@gavel/common';

const DEVICE_IDS = ['ifa', 'didmd5', 'didsha1', 'dpidmd5', 'dpidsha1', 'macmd5', 'macsha1'] as const;
const USER_IDS = ['id', 'buyeruid', 'yob', 'gender', 'eids'] as const;

function without<T extends object>(obj: T, keys: readonly string[]): T {
  if (!keys.some((k) => k in obj)) return obj;
  return omitKeys(obj, keys);
}

/** Device advertising ids and user ids (2.6 `user.eids` and 2.5 `user.ext.eids` both: J). */
export function scrubIds(req: BidRequest): BidRequest {
  let out = req;
  if (req.device) {
    const device = without(req.device, DEVICE_IDS);
    if (device !== req.device) out = withProps(out, { device });
  }
  if (req.user) {
    let user: User = without(req.user, USER_IDS);
    const ext = user.ext;
    if (ext && 'eids' in ext) user = withProps(user, { ext: without(ext, ['eids']) });
    if (user !== req.user) out = withProps(out, { user });
  }
  return out;
}

/** `device.ip` / `device.ipv6` with only the configured leading bits kept. */
export function maskIp(req: BidRequest, v4Bits: number, v6Bits: number): BidRequest {
  const d = req.device;
  if (!d || (d.ip === undefined && d.ipv6 === undefined)) return req;
  const device: Device = copyForWrite(d);
  if (typeof d.ip === 'string') device.ip = maskIpv4(d.ip, v4Bits);
  if (typeof d.ipv6 === 'string') device.ipv6 = maskIpv6(d.ipv6, v6Bits);
  return withProps(req, { device });
}

/**
 * Half away from zero at 2 decimals on the decimal value as written (J BigDecimal HALF_UP: 1.005 →
 * 1.01); G's float `int(x*100+0.5)` is wrong for negatives and for such binary-float edges.
 */
function round2(x: number): number {
  return new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

function roundedGeo(geo: Geo): Geo {
  const out: Geo = copyForWrite(geo);
  if (typeof geo.lat === 'number') out.lat = round2(geo.lat);
  if (typeof geo.lon === 'number') out.lon = round2(geo.lon);
  return out;
}

function mapGeo(req: BidRequest, f: (g: Geo) => Geo): BidRequest {
  let out = req;
  if (req.device?.geo) out = withProps(out, { device: withProps(req.device, { geo: f(req.device.geo) }) });
  if (req.user?.geo) out = withProps(out, { user: withProps(req.user, { geo: f(req.user.geo) }) });
  return out;
}

/** lat/lon of device.geo and user.geo rounded to 2 decimals (~1 km). */
export function roundGeo(req: BidRequest): BidRequest {
  return mapGeo(req, roundedGeo);
}

/** device.geo and user.geo emptied (`{}`), as for COPPA (G ScrubGeoFull). */
export function emptyGeo(req: BidRequest): BidRequest {
  return mapGeo(req, () => ({}));
}

/** Ids removed, IP masked, geo rounded: the CCPA / LMT scrub. */
export function scrubAll(req: BidRequest, v4Bits: number, v6Bits: number): BidRequest {
  return roundGeo(maskIp(scrubIds(req), v4Bits, v6Bits));
}
