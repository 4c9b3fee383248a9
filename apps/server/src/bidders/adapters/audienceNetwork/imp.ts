// Audience Network imp rewriting: each imp is sent alone, as a single-format placement. The resolved
// format is kept and the others dropped; interstitials become banner {0,0} unless rewarded video;
// banners must be 50 or 250 high and are sent with w -1; rewarded video carries its video type.
import type { Banner, Imp } from '../../../openrtb/types.js';
import type { BidderError, MediaType } from '../../types.js';
import { inputError } from '../../helpers/bid-response.js';
import { asObject } from '../../helpers/parse-json.js';
import { omitKeys, withProps } from '@gavel/common';

const BANNER_HEIGHTS = new Set([50, 250]);

/** The one format an imp is sold as: interstitial video/banner first, else video, native, banner, audio. */
export function impTypeOf(imp: Readonly<Imp>): MediaType {
  if (imp.instl === 1 && imp.video) return 'video';
  if (imp.instl === 1 && imp.banner) return 'banner';
  if (imp.video) return 'video';
  if (imp.native) return 'native';
  if (imp.banner) return 'banner';
  if (imp.audio) return 'audio';
  return 'banner';
}

/** Rewarded when `rwdd` says so or the ORTB 2.5 form `ext.prebid.is_rewarded_inventory` is 1. */
function isRewarded(imp: Readonly<Imp>): boolean {
  if (imp.rwdd === 1) return true;
  const prebid = (imp.ext as { prebid?: { is_rewarded_inventory?: unknown } } | undefined)?.prebid;
  return prebid?.is_rewarded_inventory === 1;
}

/** The imp with `video.ext.videotype` set for rewarded video, `rwdd` restored from the 2.5 form. */
export function withRewardSignal(imp: Readonly<Imp>): Imp | BidderError {
  if (!isRewarded(imp)) return imp;
  const rewarded: Imp = withProps(imp, { rwdd: 1 });
  if (!imp.video) return rewarded;
  const ext =
    imp.video.ext === undefined || imp.video.ext === null
      ? { ok: true as const, value: {} }
      : asObject(imp.video.ext);
  if (!ext.ok) return ext.error;
  const videotype = imp.instl === 1 ? 'rewarded_interstitial' : 'rewarded';
  return withProps(rewarded, { video: withProps(imp.video, { ext: withProps(ext.value, { videotype }) }) });
}

const OTHER_FORMATS: Record<MediaType, string[]> = {
  banner: ['video', 'audio', 'native'],
  video: ['banner', 'audio', 'native'],
  native: ['banner', 'video', 'audio'],
  audio: [],
};

function sizedBanner(imp: Imp, banner: Readonly<Banner>): Imp | BidderError {
  if (imp.instl === 1)
    return withProps(imp, { banner: withProps(omitKeys(banner, ['format']), { w: 0, h: 0 }) });
  const h = banner.h ?? banner.format?.find((f) => f.h !== undefined && BANNER_HEIGHTS.has(f.h))?.h;
  if (h === undefined) return inputError(`imp #${imp.id}: banner height required`);
  if (!BANNER_HEIGHTS.has(h))
    return inputError(`imp #${imp.id}: only banner heights 50 and 250 are supported`);
  return withProps(imp, { banner: withProps(omitKeys(banner, ['format']), { w: -1, h }) });
}

/** The imp reduced to its one format, with the sizes Audience Network expects. */
export function singleFormatImp(imp: Readonly<Imp>): Imp | BidderError {
  let type = impTypeOf(imp);
  if (imp.instl === 1 && type !== 'banner' && type !== 'video') {
    return inputError(`imp #${imp.id}: interstitial imps are only supported for banner and video`);
  }
  let out: Imp = imp;
  if (imp.instl === 1 && type === 'video' && imp.rwdd !== 1) {
    out = withProps(imp, { banner: {} });
    type = 'banner';
  }
  out = omitKeys(out, OTHER_FORMATS[type]);
  return type === 'banner' && out.banner ? sizedBanner(out, out.banner) : out;
}

/** Sizes the serialised imp must carry: video 0×0, native -1×-1 without its request payload. */
export function withWireSizes(imp: Imp): Imp {
  const type = impTypeOf(imp);
  if (type === 'video' && imp.video) return withProps(imp, { video: withProps(imp.video, { w: 0, h: 0 }) });
  if (type === 'native' && imp.native) {
    return withProps(imp, { native: withProps(omitKeys(imp.native, ['ver', 'request']), { w: -1, h: -1 }) });
  }
  return imp;
}
