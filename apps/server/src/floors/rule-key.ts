// The request's value for each schema field (G floors/rule.go createRuleKey): what a rule key is
// matched against for one imp. A value the request does not have is `*` (matches only `*` rules).
import type { BidRequest, Imp } from '../openrtb/types.js';
import { isObj } from './parse.js';

export const CATCH_ALL = '*';

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const dig = (v: unknown, ...keys: string[]): unknown => {
  let cur = v;
  for (const k of keys) cur = isObj(cur) ? cur[k] : undefined;
  return cur;
};

/** banner, video (placement absent or 1), video-outstream, audio, native; `*` for multi-format imps. */
export function mediaTypeOf(imp: Imp): string {
  const types: string[] = [];
  if (imp.banner) types.push('banner');
  if (imp.video) {
    const placement = imp.video.placement;
    types.push(
      placement === undefined || placement === null || placement === 1 ? 'video' : 'video-outstream',
    );
  }
  if (imp.audio) types.push('audio');
  if (imp.native) types.push('native');
  return types.length === 1 ? (types[0] ?? CATCH_ALL) : CATCH_ALL;
}

const positive = (v: unknown): number => (typeof v === 'number' && v > 0 ? v : 0);

/** "WxH" of the banner's single format (or banner w/h when it has none), else of the video. */
export function sizeOf(imp: Imp): string {
  let w = 0;
  let h = 0;
  if (imp.banner) {
    const formats = imp.banner.format ?? [];
    if (formats.length === 1) {
      w = positive(formats[0]?.w);
      h = positive(formats[0]?.h);
    } else if (formats.length === 0) {
      w = positive(imp.banner.w);
      h = positive(imp.banner.h);
    }
  } else if (imp.video) {
    w = positive(imp.video.w);
    h = positive(imp.video.h);
  }
  return w !== 0 && h !== 0 ? `${w}x${h}` : CATCH_ALL;
}

/** site.domain, else site.publisher.domain; for apps the same on app. */
export function domainOf(req: BidRequest): string {
  const holder = req.site ?? req.app;
  if (!holder) return CATCH_ALL;
  if (nonEmpty(holder.domain)) return holder.domain;
  const pub = holder.publisher?.domain;
  return nonEmpty(pub) ? pub : CATCH_ALL;
}

export function siteDomainOf(req: BidRequest): string {
  if (nonEmpty(req.site?.domain)) return req.site.domain;
  return nonEmpty(req.app?.domain) ? req.app.domain : CATCH_ALL;
}

export function pubDomainOf(req: BidRequest): string {
  if (nonEmpty(req.site?.publisher?.domain)) return req.site.publisher.domain;
  return nonEmpty(req.app?.publisher?.domain) ? req.app.publisher.domain : CATCH_ALL;
}

export function bundleOf(req: BidRequest): string {
  return nonEmpty(req.app?.bundle) ? req.app.bundle : CATCH_ALL;
}

/** device.geo.country as given (an empty string stays empty, as upstream). */
export function countryOf(req: BidRequest): string {
  const geo = req.device?.geo;
  if (!geo) return CATCH_ALL;
  return typeof geo.country === 'string' ? geo.country : '';
}

const PHONE = /Phone|iPhone|Android.*Mobile|Mobile.*Android/i;
const TABLET = /tablet|iPad|touch.*Windows NT|Windows NT.*touch|Android/i;

/** phone, tablet or desktop from device.ua; `*` without a user agent. */
export function deviceTypeOf(req: BidRequest): string {
  const ua = req.device?.ua;
  if (!nonEmpty(ua)) return CATCH_ALL;
  if (PHONE.test(ua)) return 'phone';
  return TABLET.test(ua) ? 'tablet' : 'desktop';
}

/** ext.<ns>.channel.name (an object without a name gives ""). */
export function channelOf(req: BidRequest, ns: string): string {
  const channel = dig(req.ext, ns, 'channel');
  if (!isObj(channel)) return CATCH_ALL;
  return typeof channel['name'] === 'string' ? channel['name'] : '';
}

/** imp.ext.data.adserver.adslot when the ad server is "gam", else imp.ext.data.pbadslot. */
export function gptSlotOf(imp: Imp): string {
  const data = dig(imp.ext, 'data');
  if (!isObj(data)) return CATCH_ALL;
  const adserver = data['adserver'];
  if (isObj(adserver) && adserver['name'] === 'gam') {
    return nonEmpty(adserver['adslot']) ? adserver['adslot'] : CATCH_ALL;
  }
  return nonEmpty(data['pbadslot']) ? data['pbadslot'] : CATCH_ALL;
}

/** imp.ext.gpid, else tagid, else imp.ext.data.pbadslot, else imp.ext.<ns>.storedrequest.id. */
export function adUnitCodeOf(imp: Imp, ns: string): string {
  const gpid = dig(imp.ext, 'gpid');
  if (nonEmpty(gpid)) return gpid;
  if (nonEmpty(imp.tagid)) return imp.tagid;
  const pbadslot = dig(imp.ext, 'data', 'pbadslot');
  if (nonEmpty(pbadslot)) return pbadslot;
  const stored = dig(imp.ext, ns, 'storedrequest', 'id');
  return nonEmpty(stored) ? stored : CATCH_ALL;
}

/** The request's value for one schema field (unknown fields → `*`). */
export function fieldValue(field: string, req: BidRequest, imp: Imp, ns: string): string {
  switch (field) {
    case 'mediaType':
      return mediaTypeOf(imp);
    case 'size':
      return sizeOf(imp);
    case 'domain':
      return domainOf(req);
    case 'siteDomain':
      return siteDomainOf(req);
    case 'bundle':
      return bundleOf(req);
    case 'pubDomain':
      return pubDomainOf(req);
    case 'country':
      return countryOf(req);
    case 'deviceType':
      return deviceTypeOf(req);
    case 'channel':
      return channelOf(req, ns);
    case 'gptSlot':
      return gptSlotOf(imp);
    case 'adUnitCode':
      return adUnitCodeOf(imp, ns);
    default:
      return CATCH_ALL;
  }
}

/** The imp's values for every field of the schema, in schema order. */
export function ruleKeyValues(fields: readonly string[], req: BidRequest, imp: Imp, ns: string): string[] {
  return fields.map((f) => fieldValue(f, req, imp, ns));
}
