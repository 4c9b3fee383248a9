// DeepIntent: banner only, one call per imp. Each imp carries its tag id and DeepIntent's display
// manager, and its banner is sized from its first format when it has no size. Every bid is a banner.
import type { Imp } from '../../../openrtb/types.js';
import type { BidderError, OutgoingRequest } from '../../types.js';
import { ERROR_CODE } from '../../types.js';
import { createOrtbAdapter } from '../../helpers/ortb-adapter.js';
import { jsonHeaders, postJson } from '../../helpers/json-request.js';
import { asObject } from '../../helpers/parse-json.js';
import { isBidderError } from '../../helpers/is-bidder-error.js';
import { withProps } from '@gavel/common';

const fail = (message: string): BidderError => ({ code: ERROR_CODE.badInput, message });

function sizedImp(imp: Readonly<Imp>, tagid: string): Imp | BidderError {
  const banner = imp.banner;
  if (!banner) return fail('We need a Banner Object in the request');
  const changes: Partial<Imp> = { tagid, displaymanager: 'di_prebid', displaymanagerver: '2.0.0' };
  if (banner.w === undefined && banner.h === undefined) {
    const first = banner.format?.[0];
    if (!first) return fail('At least one size is required');
    changes.banner = withProps(banner, { w: first.w, h: first.h });
  }
  return withProps(imp, changes);
}

export const adapter = createOrtbAdapter({
  requests(request, ctx) {
    const value: OutgoingRequest[] = [];
    const errors: BidderError[] = [];
    // The tag id carries over to a following imp whose params do not name one (as upstream decodes).
    let tagid = '';
    for (const imp of request.imp) {
      const ext = asObject(imp.ext);
      if (!ext.ok) {
        errors.push(fail(`Impression id=${imp.id} has an Error: ${ext.error.message}`));
        continue;
      }
      const params = asObject(ext.value.bidder);
      const tag = params.ok ? params.value.tagId : undefined;
      if (!params.ok || (tag !== undefined && tag !== null && typeof tag !== 'string')) {
        errors.push(fail(`Impression id=${imp.id}, has invalid Ext`));
        continue;
      }
      if (typeof tag === 'string') tagid = tag;
      const mapped = sizedImp(imp, tagid);
      if (isBidderError(mapped)) errors.push(mapped);
      else value.push(postJson(ctx.endpoint, withProps(request, { imp: [mapped] }), jsonHeaders()));
    }
    return { value, errors };
  },
  bidType(bid, request) {
    if (request.imp.some((imp) => imp.id === bid.impid)) return 'banner';
    return fail(`Failed to find impression ${bid.impid} `);
  },
});
