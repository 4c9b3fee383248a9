// AppNexus (Microsoft): imps rewritten in imp.ts and sent in calls of at most 10, with the member
// id in the query and the supply chain in `ext.schain`; bids are typed by `ext.appnexus.bid_ad_type`
// and get their IAB category from AppNexus' brand category id.
import type { BidRequest, Imp } from '../../../openrtb/types.js';
import type { Adapter, BidderError, MediaType } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { postJson } from '../../helpers/json-request.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { mapImp } from './imp.js';
import { CATEGORY_BY_BRAND } from './categories.js';
import { withProps } from '@gavel/common';

const MAX_IMPS_PER_CALL = 10;
const AD_TYPES: Readonly<Record<number, MediaType>> = { 0: 'banner', 1: 'video', 3: 'native' };

interface AppnexusBidExt {
  bid_ad_type?: number;
  brand_category_id?: number;
  creative_info?: { video?: { duration?: number } };
}

/** Request-level changes: `ext.appnexus`, and the supply chain moved from `source.ext` to `ext`. */
function shapeRequest(request: Readonly<BidRequest>): BidRequest {
  // Brand categories are asked for only when the auction targets by category.
  const targeting = (request.ext?.prebid as { targeting?: { includebrandcategory?: unknown } } | undefined)
    ?.targeting;
  const brandCategory = targeting?.includebrandcategory != null;
  const appnexus = brandCategory
    ? { include_brand_category: true, brand_category_uniqueness: true, hb_source: 5 }
    : { hb_source: 5 };
  const ext: Record<string, unknown> = withProps(request.ext, { appnexus });
  const out: BidRequest = withProps(request, { ext });
  const sourceExt = request.source?.ext;
  if (sourceExt?.schain !== undefined) {
    const { schain, ...rest } = sourceExt;
    ext.schain = schain;
    out.source = withProps(request.source, { ext: Object.keys(rest).length ? rest : undefined });
  }
  return out;
}

export const adapter: Adapter = createOrtbAdapter({
  requests: (request, ctx) => {
    const imps: Imp[] = [];
    const errors: BidderError[] = [];
    let member = '';
    for (const imp of request.imp) {
      const mapped = mapImp(imp, request);
      if (isBidderError(mapped)) {
        errors.push(mapped);
        continue;
      }
      if (mapped.member && member && mapped.member !== member) {
        const message = `All request.imp[i].ext.prebid.bidder.appnexus.member params must match. Request contained member IDs ${member} and ${mapped.member}`;
        errors.push({ code: 2, message });
      } else if (mapped.member) member = mapped.member;
      imps.push(mapped.imp);
    }
    const uri = member ? `${ctx.endpoint}?member_id=${member}` : ctx.endpoint;
    const shaped = shapeRequest(request);
    const value = [];
    for (let i = 0; i < imps.length; i += MAX_IMPS_PER_CALL)
      value.push(postJson(uri, withProps(shaped, { imp: imps.slice(i, i + MAX_IMPS_PER_CALL) })));
    return { value, errors };
  },
  bidType: (bid) => {
    const adType = (bid.ext?.appnexus as AppnexusBidExt | undefined)?.bid_ad_type;
    const type = adType === undefined ? undefined : AD_TYPES[adType];
    return type ?? { code: 3, message: `Unrecognized bid_ad_type in response from appnexus: ${adType}` };
  },
  decorate: (typed) => {
    const ext = (typed.bid.ext?.appnexus ?? {}) as AppnexusBidExt;
    const category =
      ext.brand_category_id === undefined ? undefined : CATEGORY_BY_BRAND[ext.brand_category_id];
    const bid = category ? withProps(typed.bid, { cat: [category] }) : typed.bid;
    const video =
      typed.type === 'video'
        ? { duration: ext.creative_info?.video?.duration ?? 0, primary_category: category ?? '' }
        : undefined;
    return withProps(typed, { bid, ...(video ? { video } : {}) });
  },
});
